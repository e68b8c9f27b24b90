import { describe, expect, it } from 'vitest';
import { makeSheetFile, parseCsv, readSheetFile, toCsv } from './excel-file';

const spec = {
  header: [
    ['Id', 'Main', '', 'Date'],
    ['', 'Title', 'Author', ''],
  ],
  rows: [
    [1, 'Hello, "world"', 'Ann', '2024-01-01'],
    [2, '多行\n文本', 'Bob', '2024-01-02'],
  ],
  merges: ['A1:A2', 'B1:C1', 'D1:D2'],
  autoWidth: true,
};

describe('the Excel demos’ files', () => {
  it('writes an .xlsx with a merged header and reads it back', async () => {
    const file = await makeSheetFile(spec, 'xlsx');
    const rows = await readSheetFile(file, 'out.xlsx');
    expect(rows[0]).toEqual(['Id', 'Main', 'Main', 'Date']);
    expect(rows[2]).toEqual(['1', 'Hello, "world"', 'Ann', '2024-01-01']);
    expect(rows).toHaveLength(4);
  });

  it('writes a CSV Excel opens as UTF-8 and parses it back, quotes and line breaks kept', async () => {
    expect(toCsv(spec).startsWith('\uFEFFId,Main,,Date\r\n')).toBe(true);
    const file = await makeSheetFile(spec, 'csv');
    const rows = await readSheetFile(file, 'out.csv');
    expect(rows[2]).toEqual(['1', 'Hello, "world"', 'Ann', '2024-01-01']);
    expect(rows[3]?.[1]).toBe('多行\n文本');
    expect(parseCsv('a,b\r\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
