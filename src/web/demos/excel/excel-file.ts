import type ExcelJS from 'exceljs';

export type BookType = 'xlsx' | 'csv';
export type Cell = string | number | boolean | null | undefined;

export interface SheetSpec {
  /** Header rows, top first (several for a merged header); the last names the columns. */
  header: Cell[][];
  rows: Cell[][];
  /** Merged ranges in A1 notation (`A1:A2`), xlsx only. */
  merges?: string[];
  /** Columns as wide as their longest value. */
  autoWidth?: boolean;
}

export const MIME: Record<BookType, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
};

const csvCell = (value: Cell) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A CSV of the header and the rows, with a BOM so Excel reads it as UTF-8. */
export function toCsv({ header, rows }: SheetSpec): string {
  return `\uFEFF${[...header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The sheet as a workbook file of the type asked for (exceljs loads only when this runs). */
export async function makeSheetFile(spec: SheetSpec, bookType: BookType): Promise<ArrayBuffer> {
  if (bookType === 'csv') return new TextEncoder().encode(toCsv(spec)).buffer as ArrayBuffer;
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of spec.header) sheet.addRow(row).font = { bold: true };
  for (const row of spec.rows) sheet.addRow(row);
  for (const range of spec.merges ?? []) sheet.mergeCells(range);
  if (spec.autoWidth) {
    sheet.columns.forEach((column, index) => {
      const widths = [...spec.header, ...spec.rows].map((row) => String(row[index] ?? '').length);
      column.width = Math.min(60, Math.max(10, ...widths) + 2);
    });
  }
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

/** Splits a CSV (quotes, doubled quotes, CRLF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return String(value.result ?? '');
    if ('text' in value) return String(value.text);
    return JSON.stringify(value);
  }
  return String(value);
};

/** The first sheet of an .xlsx or .csv file, as rows of text (the first row is the header). */
export async function readSheetFile(data: ArrayBuffer, name: string): Promise<string[][]> {
  if (/\.csv$/i.test(name)) return parseCsv(new TextDecoder().decode(data));
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  await workbook.xlsx.load(data);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= sheet.columnCount; column++)
      cells.push(cellText(row.getCell(column).value));
    rows.push(cells);
  });
  return rows;
}
