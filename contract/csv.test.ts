import { describe, expect, it } from 'vitest';
import { csvHeader, csvLines, num, text } from './csv';

describe('csvLines', () => {
  it('quotes what RFC 4180 asks to quote and ends every line with CRLF', () => {
    expect(csvLines([[text('plain'), text('a,b'), text('say "hi"'), text('two\nlines'), text(null), num('-12.50')]])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",,-12.50\r\n',
    );
  });

  it('neutralises text that a spreadsheet would run as a formula, but never a number', () => {
    const formulas = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tTAB', '\rCR'];
    const written = csvLines(formulas.map((value) => [text(value)])).split('\r\n').slice(0, -1);
    expect(written).toEqual(["'=1+1", "'+SUM(A1)", "'-2+3", "'@cmd", "'\tTAB", `"'\rCR"`]);
    expect(csvLines([[num('-100.00'), num(-5), num(null)]])).toBe('-100.00,-5,\r\n');
    // Only the first character counts: text with these characters elsewhere is left alone.
    expect(csvLines([[text('a=b'), text('Jean-Luc')]])).toBe('a=b,Jean-Luc\r\n');
  });

  it('writes no line for no rows, and the header as given', () => {
    expect(csvLines([])).toBe('');
    expect(csvHeader(['id', 'name'])).toBe('id,name\r\n');
  });
});
