import { describe, expect, it } from 'vitest';
import { csvRecords, fileChangedMessage, guessColumns, readChosenFile } from './csv-header';
import { ENTRY_IMPORT } from './import-kinds';
import { rejectedFileName, rejectedRowsCsv } from './rejected-rows-csv';

describe('a CRM export chosen on the Import tab', () => {
  it('has its columns guessed: of two date columns the won time, the other left out', () => {
    const pipedrive = ['Deal - ID', 'Deal - Title', 'Deal - Value', 'Deal - Currency', 'Deal - Owner', 'Deal - Won time', 'Deal - Expected close date'];
    expect(guessColumns(ENTRY_IMPORT, pipedrive)).toEqual(['externalId', 'description', 'amount', 'ignore', 'agentName', 'date', 'ignore']);
    const salesforce = ['Opportunity Owner', 'Opportunity Owner: Email', 'Account Name', 'Opportunity Name', 'Close Date', 'Amount', 'Opportunity ID'];
    expect(guessColumns(ENTRY_IMPORT, salesforce)).toEqual(['agentName', 'agentEmail', 'ignore', 'description', 'date', 'amount', 'externalId']);
    expect(ENTRY_IMPORT.missing(['agentName', 'amount'])).toEqual([]);
  });

  it('is read into memory when sent; a file changed on disk since is told as such, not as a lost connection', async () => {
    const copy = await readChosenFile(new Blob(['a,b\n1,2\n']));
    expect(await copy.text()).toBe('a,b\n1,2\n');
    const changed = { arrayBuffer: () => Promise.reject(new DOMException('The requested file could not be read', 'NotReadableError')) } as unknown as Blob;
    await expect(readChosenFile(changed)).rejects.toThrow(fileChangedMessage());
  });
});

describe('the rejected rows of a check', () => {
  it('are numbered as the server numbers them: quoted line breaks kept, empty lines skipped', () => {
    expect(csvRecords('a;b\r\n1;"x\ny"\r\n\r\n2;""\n\n3;4', ';')).toEqual([
      { row: 2, cells: ['1', 'x\ny'] },
      { row: 3, cells: ['2', ''] },
      { row: 4, cells: ['3', '4'] },
    ]);
  });

  it("come back as the file has them with the errors in a last column, formulas neutralised, numbers kept", async () => {
    const file = new Blob([
      '\uFEFFSeller,Amount,Note\r\n',
      'ann@example.com,100.00,fine\r\n',
      '"=HYPERLINK(""http://evil.test"")",-250.50,"Semi, colon"\r\n',
      'bob@example.com,12.345,@SUM(A1)\r\n',
      'carl@example.com,5,ok\r\n',
    ]);
    const report = {
      errors: [
        { row: 3, column: 'agentEmail', message: 'No agent has the email "=hyperlink("http://evil.test")"' },
        { row: 4, column: 'amount', message: 'Amount "12.345" is not a number with at most two decimals' },
        { row: 4, column: '', message: 'Second problem' },
      ],
      // Row 5 has an error the report does not list (beyond the first 1,000).
      invalidRows: [3, 4, 5],
    };
    const { csv, rows } = await rejectedRowsCsv(file, report, new Map([['agentEmail', 'Seller'], ['amount', 'Amount']]));
    expect(rows).toBe(3);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFSeller,Amount,Note,Import errors',
      `"'=HYPERLINK(""http://evil.test"")",-250.50,"Semi, colon","Seller: No agent has the email ""=hyperlink(""http://evil.test"")"""`,
      `bob@example.com,12.345,'@SUM(A1),"Amount: Amount ""12.345"" is not a number with at most two decimals; Second problem"`,
      'carl@example.com,5,ok,"This row has an error: only the first errors of a file are listed, check it again"',
      '',
    ]);
    expect(rejectedFileName('Deals Nov.CSV')).toBe('Deals Nov-rejected-rows.csv');
  });
});
