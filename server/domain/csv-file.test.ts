import { describe, expect, it } from 'vitest';
import { detectDelimiter } from '../../contract/csv-columns';
import { readCsvFile } from './csv-file';

const read = (text: string | Buffer) => readCsvFile(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'));

describe('readCsvFile', () => {
  it('reads a header and rows, numbering rows as a spreadsheet does, quoted cells and blank lines included', async () => {
    const table = await read('amount,description\r\n10.00,"Deal, ""big""\nsecond line"\r\n\r\n-5,plain\n');
    expect(table).toEqual({
      delimiter: ',',
      header: ['amount', 'description'],
      rows: [
        { row: 2, cells: ['10.00', 'Deal, "big"\nsecond line'] },
        { row: 3, cells: ['-5', 'plain'] },
      ],
    });
  });

  it('takes ; as the separator when the header has more of them, and a byte order mark', async () => {
    const table = await read('\uFEFFagentEmail;amount\na@example.test;"1,000.00"\n');
    expect(table.delimiter).toBe(';');
    expect(table.header).toEqual(['agentEmail', 'amount']);
    expect(table.rows[0]!.cells).toEqual(['a@example.test', '1,000.00']);
  });

  it('keeps a character split between two chunks of the file whole', async () => {
    const name = 'é'.repeat(200_000);
    const table = await read(`description,amount\n${name},1\n`);
    expect(table.rows[0]!.cells[0]).toBe(name);
  });

  it('keeps rows with too many or too few cells for the caller to report', async () => {
    const table = await read('a,b\n1\n1,2,3\n');
    expect(table.rows.map((row) => row.cells.length)).toEqual([1, 3]);
  });

  it('refuses what is not a CSV file it can read, with a readable message', async () => {
    await expect(read('')).rejects.toThrow('The file is empty');
    await expect(read(' \n\n')).rejects.toThrow('The file is empty');
    await expect(read('amount,date\n')).rejects.toThrow('The file has a header but no rows');
    await expect(read(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]))).rejects.toThrow('binary data');
    await expect(read(Buffer.from('amount,description\n1,caf\xe9\n', 'latin1'))).rejects.toThrow('not UTF-8');
    await expect(read('amount,description\n1,"unclosed\n')).rejects.toThrow('not valid CSV');
    await expect(read(`amount\n${'1\n'.repeat(100_001)}`)).rejects.toThrow('more than 100,000 rows');
  });
});

describe('detectDelimiter', () => {
  it('counts separators in the header line only, outside quotes', () => {
    expect(detectDelimiter('"a;b;c",d\n1;2;3;4')).toBe(',');
    expect(detectDelimiter('a;b,c;d')).toBe(';');
    expect(detectDelimiter('amount')).toBe(',');
  });
});
