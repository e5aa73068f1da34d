import { describe, expect, it } from 'vitest';
import { SCIM_SCHEMA, scimResourceType, scimSchemaDocument, scimServiceProviderConfig } from '../../../contract/scim';
import { resourceTypes, schemaDocuments, serviceProviderConfig } from './discovery';
import { projected, scimGroupOf, scimListOf, scimUserOf, wantsMembers, type ScimAgentRow } from './resources';

const ORIGIN = 'https://tiertrack.example.test';
const created = new Date('2026-11-29T10:00:00.000Z');
const agent: ScimAgentRow = {
  id: 12,
  email: 'pat@example.test',
  name: 'Pat Example',
  firstName: 'Pat',
  lastName: null,
  position: 'Closer',
  status: 'pending',
  externalId: null,
  createdAt: created,
  teamId: 3,
  teamName: 'North',
};

describe('SCIM resources', () => {
  it('writes an agent as a User: its email as userName and its one work email, its team as its group', () => {
    expect(scimUserOf(agent, ORIGIN)).toEqual({
      schemas: [SCIM_SCHEMA.user],
      id: '12',
      userName: 'pat@example.test',
      name: { givenName: 'Pat' },
      displayName: 'Pat Example',
      title: 'Closer',
      // Waiting for the owner's approval: not active.
      active: false,
      emails: [{ value: 'pat@example.test', type: 'work', primary: true }],
      groups: [{ value: '3', display: 'North', $ref: `${ORIGIN}/scim/v2/Groups/3`, type: 'direct' }],
      meta: { resourceType: 'User', created: created.toISOString(), location: `${ORIGIN}/scim/v2/Users/12` },
    });
    const teamless = scimUserOf({ ...agent, firstName: null, teamId: null, teamName: null, externalId: 'e-1', status: 'active' }, ORIGIN);
    expect(teamless).toMatchObject({ externalId: 'e-1', groups: [], active: true });
    expect(teamless).not.toHaveProperty('name');
  });

  it('writes a team as a Group, with its members when they were loaded', () => {
    const row = { id: 3, name: 'North', externalId: 'g-1', createdAt: created, members: [{ id: 12, name: 'Pat Example' }] };
    expect(scimGroupOf(row, ORIGIN)).toEqual({
      schemas: [SCIM_SCHEMA.group],
      id: '3',
      externalId: 'g-1',
      displayName: 'North',
      members: [{ value: '12', display: 'Pat Example', $ref: `${ORIGIN}/scim/v2/Users/12`, type: 'User' }],
      meta: { resourceType: 'Group', created: created.toISOString(), location: `${ORIGIN}/scim/v2/Groups/3` },
    });
    expect(scimGroupOf({ ...row, members: undefined }, ORIGIN)).not.toHaveProperty('members');
  });

  it('pages as a ListResponse', () => {
    expect(scimListOf([{ id: '1' }], 40, 21)).toEqual({ schemas: [SCIM_SCHEMA.listResponse], totalResults: 40, itemsPerPage: 1, startIndex: 21, Resources: [{ id: '1' }] });
  });

  it('returns the attributes asked for, never without schemas and id', () => {
    const user = scimUserOf(agent, ORIGIN);
    expect(Object.keys(projected(user, { attributes: 'userName, Active', excludedAttributes: undefined }))).toEqual(['schemas', 'id', 'userName', 'active']);
    expect(Object.keys(projected(user, { attributes: 'name.givenName,urn:ietf:params:scim:schemas:core:2.0:User:title', excludedAttributes: undefined }))).toEqual(['schemas', 'id', 'name', 'title']);
    expect(Object.keys(projected(user, { attributes: undefined, excludedAttributes: 'groups,emails,id,schemas,bogus' }))).toEqual(['schemas', 'id', 'userName', 'name', 'displayName', 'title', 'active', 'meta']);
    expect(projected(user, { attributes: undefined, excludedAttributes: undefined })).toBe(user);
    expect(wantsMembers({ attributes: undefined, excludedAttributes: 'members' })).toBe(false);
    expect(wantsMembers({ attributes: 'displayName', excludedAttributes: undefined })).toBe(false);
    expect(wantsMembers({ attributes: 'members.value', excludedAttributes: undefined })).toBe(true);
    expect(wantsMembers({ attributes: undefined, excludedAttributes: 'externalId' })).toBe(true);
  });

  it('describes what the service supports, as the contract writes it, and who is provisioned', () => {
    const config = scimServiceProviderConfig.parse(serviceProviderConfig(ORIGIN));
    expect(config).toMatchObject({ patch: { supported: true }, bulk: { supported: false }, filter: { supported: true, maxResults: 200 }, changePassword: { supported: false }, sort: { supported: false }, etag: { supported: false } });
    expect(config.authenticationSchemes).toEqual([expect.objectContaining({ type: 'oauthbearertoken', primary: true })]);
    expect(config.authenticationSchemes[0]!.description).toContain('owners and managers are not SCIM resources');
    expect(resourceTypes(ORIGIN).map((type) => scimResourceType.parse(type).endpoint)).toEqual(['/Users', '/Groups']);
    const [user, group] = schemaDocuments(ORIGIN).map((schema) => scimSchemaDocument.parse(schema));
    expect(user!.attributes.map((attribute) => attribute.name)).toEqual(['userName', 'name', 'displayName', 'title', 'active', 'emails', 'groups']);
    expect(user!.attributes.find((attribute) => attribute.name === 'groups')).toMatchObject({ mutability: 'readOnly', multiValued: true });
    expect(group!.attributes.map((attribute) => attribute.name)).toEqual(['displayName', 'members']);
    expect(group!.meta.location).toBe(`${ORIGIN}/scim/v2/Schemas/${SCIM_SCHEMA.group}`);
  });
});
