import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '../../../shared/import';
import { message } from '../../../shared/messages';
import { AppError, fieldError } from '../../errors';
import { excel } from '../libraries';

function cellText(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
  }
  return value;
}

/** A row of the file: its number (the header is 1) and its cells from column A. */
export interface FileRow {
  number: number;
  cells: unknown[];
}

/** The rows of the first sheet, read as the file is unpacked: at most IMPORT_MAX_ROWS of them. */
export async function* sheetRows(buffer: Buffer): AsyncGenerator<FileRow> {
  const reader = new (await excel()).stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let seen = 0;
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      // The header and IMPORT_MAX_ROWS rows; the next one ends the reading.
      if (++seen > IMPORT_MAX_ROWS + 1) {
        throw fieldError('file', message('import.maxRows', { max: IMPORT_MAX_ROWS }));
      }
      const cells: unknown[] = [];
      row.eachCell((cell, col) => {
        cells[col - 1] = cellText(cell.value);
      });
      yield { number: row.number, cells };
    }
    return;
  }
}

/** How much of a CSV file is decoded at a time. */
const CSV_CHUNK_BYTES = 64 * 1024;

/**
 * A CSV file's text, decoded as it is read (never the whole file as one string): UTF-8 (its BOM
 * dropped), else GB18030, as Excel saves CSV in China.
 */
export function* csvChunks(buffer: Buffer): Generator<string> {
  const decoder = new TextDecoder(isUtf8(buffer) ? 'utf-8' : 'gb18030');
  for (let at = 0; at < buffer.length; at += CSV_CHUNK_BYTES)
    yield decoder.decode(buffer.subarray(at, at + CSV_CHUNK_BYTES), { stream: true });
  yield decoder.decode();
}

/** Comma-separated, or tab-separated when the first line has tabs and no comma. */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
}

/**
 * Reads CSV (RFC 4180: quoted cells may hold separators, quotes doubled and line breaks) from its
 * text given piece by piece, and answers the rows each piece completes: at most IMPORT_MAX_ROWS
 * of them. Each cell is cut out of its piece whole (never built a character at a time), so a
 * file costs about its own size to read.
 */
class CsvReader {
  private cells: unknown[] = [];
  private cell = '';
  private quoted = false;
  /** A quote ended the last piece inside a quoted cell: a doubled quote, or the cell's end. */
  private quoteAtEnd = false;
  /** A CR ended the last piece: an LF starting the next one belongs to the same line break. */
  private crAtEnd = false;
  private number = 1;
  private seen = 0;
  private readonly special: RegExp;

  constructor(private readonly separator: string) {
    this.special = separator === '\t' ? /[\t\r\n"]/g : /[,\r\n"]/g;
  }

  private end(): FileRow {
    this.cells.push(this.cell);
    const row = { number: this.number, cells: this.cells };
    this.cells = [];
    this.cell = '';
    this.number++;
    if (++this.seen > IMPORT_MAX_ROWS + 1)
      throw fieldError('file', message('import.maxRows', { max: IMPORT_MAX_ROWS }));
    return row;
  }

  *push(text: string): Generator<FileRow> {
    if (!text) return;
    let i = 0;
    if (this.crAtEnd) {
      this.crAtEnd = false;
      if (text[0] === '\n') i = 1;
    }
    while (i < text.length) {
      if (this.quoteAtEnd) {
        this.quoteAtEnd = false;
        if (text[i] === '"') {
          this.cell += '"';
          i++;
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        const quote = text.indexOf('"', i);
        if (quote === -1) {
          this.cell += text.slice(i);
          return;
        }
        this.cell += text.slice(i, quote);
        if (quote + 1 === text.length) {
          this.quoteAtEnd = true;
          return;
        }
        if (text[quote + 1] === '"') {
          this.cell += '"';
          i = quote + 2;
        } else {
          this.quoted = false;
          i = quote + 1;
        }
        continue;
      }
      this.special.lastIndex = i;
      const found = this.special.exec(text);
      if (!found) {
        this.cell += text.slice(i);
        return;
      }
      const at = found.index;
      this.cell += text.slice(i, at);
      const c = text[at];
      i = at + 1;
      if (c === '"') {
        if (this.cell === '') this.quoted = true;
        else this.cell += '"';
      } else if (c === this.separator) {
        this.cells.push(this.cell);
        this.cell = '';
      } else {
        yield this.end();
        if (c === '\r') {
          if (i === text.length) this.crAtEnd = true;
          else if (text[i] === '\n') i++;
        }
      }
    }
  }

  *finish(): Generator<FileRow> {
    if (this.cell !== '' || this.cells.length > 0) yield this.end();
  }
}

/** The rows of a CSV text (tests, and what fromCsv reads piece by piece). */
export function* csvRows(text: string): Generator<FileRow> {
  const reader = new CsvReader(separatorOf(text));
  yield* reader.push(text);
  yield* reader.finish();
}

/** The rows of CSV text given in pieces (a file's, as it is decoded). */
export async function* fromPieces(pieces: Iterable<string>): AsyncGenerator<FileRow> {
  let reader: CsvReader | undefined;
  for (let chunk of pieces) {
    if (!reader) {
      chunk = chunk.replace(/^\uFEFF/, '');
      if (!chunk) continue;
      reader = new CsvReader(separatorOf(chunk));
    }
    yield* reader.push(chunk);
  }
  if (reader) yield* reader.finish();
}

/** The rows after the header; a file that turns out broken midway is refused as not an .xlsx. */
export async function* readRows(rows: AsyncGenerator<FileRow>) {
  for (;;) {
    let next: IteratorResult<FileRow>;
    try {
      next = await rows.next();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw fieldError('file', message('import.notXlsx'));
    }
    if (next.done) return;
    yield next.value;
  }
}
