import { describe, expect, it } from 'vitest';
import { detectDelimiter } from '../../contract/csv-columns';
import { IMPORT_ROW_MAX_BYTES } from '../../contract/imports';
import { readCsvFile } from './csv-file';
import { AppError } from './errors';

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
    // 2-byte characters at odd offsets (a 19-byte header, 2,003-byte rows) over several 64 KB chunks.
    const name = 'é'.repeat(1_000);
    const table = await read(`description,amount\n${`${name},1\n`.repeat(200)}`);
    expect(table.rows).toHaveLength(200);
    expect(table.rows.every((row) => row.cells[0] === name)).toBe(true);
  });

  it('refuses a row longer than IMPORT_ROW_MAX_BYTES while parsing it, naming the row and the column', async () => {
    const huge = 'a'.repeat(10 * 1024 * 1024);
    const failure = await read(`agentEmail,amount,description\nx@example.test,1,short\nx@example.test,2,"${huge}"\n`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).message).toBe(
      `Row 3 is longer than 32 KB in column 3 ("description"): no field of an import is that long. Check the quoting: a quote left open joins the lines after it into one cell`,
    );
    expect((failure as AppError).issues).toEqual([{ path: 'file', message: (failure as AppError).message }]);
    // Refused after the first 32 KB, not after building 10 MB (a bound on the work, not a timing assertion).
    await expect(read(`"${huge}",amount\n1,2\n`)).rejects.toThrow(/^Row 1 is longer than 32 KB in column 1: /);
    // Just under the bound is a row like any other.
    const long = 'b'.repeat(IMPORT_ROW_MAX_BYTES - 10);
    expect((await read(`description,amount\n"${long}",1\n`)).rows[0]!.cells[0]).toBe(long);
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
