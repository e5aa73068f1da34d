import { createConnectorInput, updateConnectorInput, type Connector } from '@contract/connectors';
import { describe, expect, it } from 'vitest';
import { connectorChange, contractResolver, createInputOf, formOfConnector, updateInputOf, type ConnectorForm } from './connector-form';

const form = (change: Partial<ConnectorForm> = {}): ConnectorForm => ({
  provider: 'generic',
  name: 'Deals',
  agentBy: 'externalUserId',
  metric: 'profit',
  amountField: '',
  stage: '',
  clientSecret: '',
  organizationId: '',
  ...change,
});

const connector: Connector = {
  id: 4,
  provider: 'pipedrive',
  name: 'Pipedrive deals',
  mapping: { agentBy: 'externalUserId', metric: 'profit', amountField: 'value', stage: 'won' },
  organizationId: null,
  active: true,
  inboundPath: '/api/connectors/4/inbound',
  unmatched: 0,
  lastDeliveryAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
};

// The resolver's options are not read.
const resolve = <T>(resolver: ReturnType<typeof contractResolver<T>>, values: ConnectorForm) => resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('createInputOf', () => {
  it("leaves out empty optional fields (the provider's defaults apply) and the credential of another provider", () => {
    expect(createInputOf(form({ clientSecret: 'typed before switching', organizationId: '00D000000000001' }))).toEqual({
      provider: 'generic',
      name: 'Deals',
      mapping: { agentBy: 'externalUserId', metric: 'profit', amountField: undefined, stage: undefined },
    });
  });

  it("sends HubSpot's client secret and Salesforce's organisation id for their provider", () => {
    expect(createInputOf(form({ provider: 'hubspot', clientSecret: 'app-secret-1' }))).toMatchObject({ clientSecret: 'app-secret-1' });
    expect(createInputOf(form({ provider: 'salesforce', organizationId: '00D5e000000AbCd' }))).toMatchObject({ organizationId: '00D5e000000AbCd' });
  });
});

describe('contractResolver', () => {
  const resolver = contractResolver(createConnectorInput, createInputOf);

  it("puts the contract's reasons under the form's fields, the mapping's under their own", async () => {
    const result = await resolve(resolver, form({ provider: 'hubspot', name: ' ', amountField: 'x'.repeat(101) }));
    expect(Object.keys(result.errors).sort()).toEqual(['amountField', 'clientSecret', 'name']);
    expect(result.errors.clientSecret?.message).toMatch(/clientSecret is required for HubSpot/);
  });

  it('answers the request the form makes once it is right', async () => {
    const result = await resolve(resolver, form({ provider: 'salesforce', organizationId: '00D5e000000AbCd', stage: 'Closed Won' }));
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ provider: 'salesforce', organizationId: '00D5e000000AbCd', mapping: { stage: 'Closed Won', metric: 'profit' } });
  });
});

describe('connectorChange', () => {
  const edited = async (change: Partial<ConnectorForm>) => {
    const result = await resolve(contractResolver(updateConnectorInput, updateInputOf), { ...formOfConnector(connector), ...change });
    return connectorChange(connector, result.values as Parameters<typeof connectorChange>[1]);
  };

  it('sends nothing when nothing changed', async () => {
    expect(await edited({})).toEqual({});
  });

  it('sends a new name alone, or the whole mapping when any of it changed', async () => {
    expect(await edited({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
    expect(await edited({ agentBy: 'email' })).toEqual({ mapping: { agentBy: 'email', metric: 'profit', amountField: 'value', stage: 'won' } });
  });

  it("takes an emptied field as the provider's default: unchanged when it was the default, a change when it was not", async () => {
    expect(await edited({ amountField: '' })).toEqual({});
    const custom = { ...connector, mapping: { ...connector.mapping, stage: '7' } };
    const result = await resolve(contractResolver(updateConnectorInput, updateInputOf), { ...formOfConnector(custom), stage: '' });
    expect(connectorChange(custom, result.values as Parameters<typeof connectorChange>[1])).toEqual({
      mapping: { agentBy: 'externalUserId', metric: 'profit', amountField: 'value', stage: undefined },
    });
  });
});
