import { describe, expect, it } from 'vitest';
import { csvRecords, guessColumn, mappingProblems, parseHeaderLine, prepareFile, readCsvHeader } from './csv-header';
import { AGENT_IMPORT, ENTRY_IMPORT } from './import-kinds';
import { linksCsv } from './links-csv';

const file = (text: string) => new Blob([text], { type: 'text/csv' });

describe('the columns of an import file', () => {
  it('are guessed for the kind chosen: a header that names a field of the other kind is left out', () => {
    const names = ['Full Name', 'name', 'E-mail', 'Phone', 'amount', 'Agent Email'];
    expect(names.map((name) => guessColumn(AGENT_IMPORT, name))).toEqual(['ignore', 'name', 'email', 'ignore', 'ignore', 'ignore']);
    expect(names.map((name) => guessColumn(ENTRY_IMPORT, name))).toEqual(['ignore', 'ignore', 'ignore', 'ignore', 'amount', 'agentEmail']);
  });

  it('must give an agent file a name and an email column, each once', () => {
    const names = ['A', 'B', 'C'];
    expect(mappingProblems(AGENT_IMPORT, ['ignore', 'ignore', 'ignore'], names)).toEqual([
      "Choose the column that holds the agent's name.",
      "Choose the column that holds the agent's email.",
    ]);
    expect(mappingProblems(AGENT_IMPORT, ['name', 'email', 'email'], names)).toEqual([
      'email is chosen for more than one column (B, C): leave all but one out.',
    ]);
    expect(mappingProblems(AGENT_IMPORT, ['name', 'email', 'ignore'], names)).toEqual([]);
    // The entry rules do not apply to agents, nor the agent rules to entries.
    expect(mappingProblems(ENTRY_IMPORT, ['ignore', 'amount', 'agentId'], names)).toEqual([]);
  });

  it('are renamed in the header line sent; a left-out column that names a field of the kind is renamed by its position', async () => {
    const text = 'Full Name;email;Team;name\r\n"Ann; Lee";ann@example.com;North;x\r\n';
    const header = await readCsvHeader(file(text));
    expect(header.delimiter).toBe(';');
    const prepared = prepareFile(AGENT_IMPORT, file(text), header, ['name', 'email', 'ignore', 'ignore']);
    expect(await prepared.body.text()).toBe('name;email;Team;Left out 4\r\n"Ann; Lee";ann@example.com;North;x\r\n');
    expect(prepared.ignore).toEqual(['Team', 'Left out 4']);
    expect(prepared.originalNames.get('name')).toBe('Full Name');
  });
});

describe('the set-up links file', () => {
  it('is RFC 4180 with a byte order mark, and a name a spreadsheet would run as a formula stays text', () => {
    const csv = linksCsv([
      { agentId: 1, name: '=HYPERLINK("x")', email: 'a@example.com', url: 'http://h/reset-password#token=abc', expiresAt: '2026-12-02T10:00:00.000Z' },
      { agentId: 2, name: 'Lee, Ann', email: 'b@example.com', url: 'http://h/reset-password#token=def', expiresAt: '2026-12-02T10:00:00.000Z' },
    ]);
    expect(csv).toBe(
      '\uFEFFname,email,link,expiresAt\r\n' +
        `"'=HYPERLINK(""x"")",a@example.com,http://h/reset-password#token=abc,2026-12-02T10:00:00.000Z\r\n` +
        '"Lee, Ann",b@example.com,http://h/reset-password#token=def,2026-12-02T10:00:00.000Z\r\n',
    );
  });
});


describe('parseHeaderLine', () => {
  it('reads the first record with RFC 4180 quoting and says where its line ends', () => {
    expect(parseHeaderLine('Deal Name,"Amount, USD","Say ""hi"""\r\n1,2,3', ',')).toEqual({ names: ['Deal Name', 'Amount, USD', 'Say "hi"'], end: 36 });
    expect(parseHeaderLine('"Owner\nEmail";Close Date\nx;y', ';')).toEqual({ names: ['Owner\nEmail', 'Close Date'], end: 24 });
  });

  it('has no end when no line end follows the header', () => {
    expect(parseHeaderLine('email,amount', ',')).toEqual({ names: ['email', 'amount'], end: undefined });
  });
});

describe('csvRecords', () => {
  it('numbers the rows after the header from 2, skipping lines with nothing on them', () => {
    expect(csvRecords('email,amount\r\na@x.test,10\r\n\r\n"b@x.test","1,5"\n', ',')).toEqual([
      { row: 2, cells: ['a@x.test', '10'] },
      { row: 3, cells: ['b@x.test', '1,5'] },
    ]);
  });
});
