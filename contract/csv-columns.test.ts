import { describe, expect, it } from 'vitest';
import { entryColumnMatch, entryColumnNamed, guessHeaderColumns, normaliseColumnName } from './csv-columns';

describe('entry import columns', () => {
  it('match whatever the case, spacing and punctuation of a header', () => {
    expect(normaliseColumnName(' Opportunity Owner: Email ')).toBe('opportunityowneremail');
    expect(normaliseColumnName('Deal - Title')).toBe('dealtitle');
    for (const name of ['agentEmail', 'Agent Email', 'agent_email', 'AGENT-EMAIL', ' agent email ']) expect(entryColumnNamed(name)).toBe('agentEmail');
    expect(entryColumnNamed('Region')).toBeUndefined();
    // A bare "Email" or "Name" in a deal export may be the customer's: neither is read as the agent.
    expect(entryColumnNamed('Email')).toBeUndefined();
    expect(entryColumnNamed('Name')).toBeUndefined();
  });

  it.each([
    // HubSpot deals export
    ['Record ID', 'externalId'],
    ['Deal Name', 'description'],
    ['Close Date', 'date'],
    ['Deal owner', 'agentName'],
    ['Deal Owner', 'agentName'],
    ['Amount', 'amount'],
    ['Owner Email', 'agentEmail'],
    ['hs_object_id', 'externalId'],
    // Salesforce opportunity report
    ['Opportunity Name', 'description'],
    ['Opportunity Owner', 'agentName'],
    ['Opportunity Owner: Email', 'agentEmail'],
    ['Opportunity ID', 'externalId'],
    // Pipedrive deals export
    ['Deal - Title', 'description'],
    ['Deal - Value', 'amount'],
    ['Deal - Won time', 'date'],
    ['Deal - Expected close date', 'date'],
    ['Deal - Owner', 'agentName'],
    ['Deal - ID', 'externalId'],
    ['Deal ID', 'externalId'],
  ])('read "%s" as %s', (name, column) => {
    expect(entryColumnNamed(name)).toBe(column);
  });

  it("prefer a field's own name, then its aliases in order, when two columns are read as one field", () => {
    expect(entryColumnMatch('date')).toEqual({ column: 'date', rank: 0 });
    const pipedrive = ['Deal - ID', 'Deal - Title', 'Deal - Value', 'Deal - Owner', 'Deal - Expected close date', 'Deal - Won time', 'Deal - Currency'];
    expect(guessHeaderColumns(pipedrive, entryColumnMatch)).toEqual(['externalId', 'description', 'amount', 'agentName', undefined, 'date', undefined]);
    // The first of two equally preferred columns is kept.
    expect(guessHeaderColumns(['Amount', 'amount'], entryColumnMatch)).toEqual(['amount', undefined]);
    expect(guessHeaderColumns(['Close Date', 'date'], entryColumnMatch)).toEqual([undefined, 'date']);
  });
});
