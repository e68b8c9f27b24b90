import { ResultCode } from '../../../shared/envelope';
import type { ImportRowError } from '../../../shared/import';
import { DATE_MAX_YEAR, DATE_MIN_YEAR } from '../../../shared/list';
import { clockTime } from '../../../shared/merchant-clock';
import {
  type Message,
  type MessageLanguage,
  message,
  messageOfIssue,
} from '../../../shared/messages';
import type { ResourceDef } from '../../../shared/resource';
import { resourceSchemas } from '../../../shared/resource-schema';
import type { Executor } from '../../db/client';
import { AppError, fieldError } from '../../errors';
import { findUnstorableText } from '../../plugins/text-input';
import type { ImportProblem, ImportRow } from '../import-hooks';
import { richTextOfCell } from '../sanitize-html';
import { takingTurns } from '../take-turns';
import { csvChunks, type FileRow, fromPieces, readRows, sheetRows } from './file-rows';
import { type Column, enumValue, type Importer } from './importer';
import { checkUnpackedSize, sheetsLast, UnpackError } from './unpacked-size';

const INT4_MAX = 2 ** 31 - 1;

/**
 * Checked values the database still could not store (the row schemas bound what a form sends, not
 * every cell a spreadsheet can hold): integers past its 32-bit columns, dates outside the years a
 * filter can name, NULs and lone surrogates. Each is a row error, not a failed import.
 */
const DATE_YEARS = message('validation.dateYears', { min: DATE_MIN_YEAR, max: DATE_MAX_YEAR });

function unstorableCells(row: Record<string, unknown>): [string, Message][] {
  const found: [string, Message][] = [];
  for (const [field, value] of Object.entries(row)) {
    if (typeof value === 'number' && (value > INT4_MAX || value < -INT4_MAX - 1)) {
      found.push([field, message('validation.max', { max: INT4_MAX })]);
    } else if (value instanceof Date) {
      const year = value.getUTCFullYear();
      if (!(year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR)) found.push([field, DATE_YEARS]);
    } else if (findUnstorableText(value)) {
      found.push([field, message('validation.unstorable')]);
    }
  }
  return found;
}

/** A row's problem, said in the request's language when answered. */
type RowProblem = Omit<ImportRowError, 'message'> & { message: Message };

export interface Parsed {
  total: number;
  errors: RowProblem[];
  /** Valid rows with their row numbers, and the fields their cells gave. */
  rows: ImportRow[];
  /** Each row's group (a goods' variant rows), when the area's import groups its rows. */
  groups: Map<number, string>;
  /** The header as written, and every bad row's cells: for the file of bad rows. */
  headers: string[];
  bad: Map<number, unknown[]>;
  /** Rows already there by the area's key, as its import hooks count them. */
  existing?: number;
  /** A field's header: as the file writes it, else the template's in the request's language. */
  headerOf: (field: string) => string;
  cellsOf: Map<number, unknown[]>;
}

/**
 * Reads and checks every row of the first sheet (or of a CSV); nothing is written. An .xlsx is
 * refused before parsing when it unpacks to more than IMPORT_MAX_UNPACKED (a zip bomb: a small
 * file that unpacks to gigabytes), and its rows are read as a stream that stops past
 * IMPORT_MAX_ROWS. A row whose key (a customer's phone) came earlier in the file is an error; one
 * the merchant has is counted by the caller.
 */
async function parse(
  importer: Importer,
  file: { buffer: Buffer; csv: boolean },
  maxUnpacked: number,
  language: MessageLanguage,
  variantValue?: number,
): Promise<Parsed> {
  const { buffer } = file;
  let sheet: AsyncGenerator<FileRow>;
  if (file.csv) sheet = fromPieces(csvChunks(buffer));
  else {
    try {
      await checkUnpackedSize(buffer, maxUnpacked);
    } catch (err) {
      if (!(err instanceof UnpackError)) throw err;
      if (err.reason === 'too-large') throw new AppError(ResultCode.PAYLOAD_TOO_LARGE, err.text);
      throw fieldError('file', err.text);
    }
    sheet = sheetRows(sheetsLast(buffer));
  }
  const { resource, columns, own } = importer;
  const positions = new Map<number, Column>();
  let header: FileRow | undefined;
  try {
    header = (await sheet.next()).value || undefined;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fieldError('file', message('import.notXlsx'));
  }
  if (!header) throw fieldError('file', message('import.noSheet'));
  const headers: string[] = [];
  const written = new Map<string, string>();
  for (let i = 0; i < header.cells.length; i++) {
    const text = String(header.cells[i] ?? '').trim();
    headers[i] = text;
    const column = columns.find(
      (c) => c.headers.zh === text || c.headers.en === text || c.field === text,
    );
    if (column && !written.has(column.field)) {
      positions.set(i, column);
      written.set(column.field, text);
    }
  }
  const title = columns.find((c) => c.field === resource.titleField);
  if (!written.has(resource.titleField)) {
    throw fieldError('file', message('import.headerRow', { required: title?.headers.zh ?? '' }));
  }
  const schema = own.rowSchema ?? resourceSchemas(resource).importRow;
  const variant = resource.variants?.field;
  const headerOf = (field: string) =>
    written.get(field) ?? columns.find((c) => c.field === field)?.headers[language] ?? field;
  const errors: RowProblem[] = [];
  const rows: Parsed['rows'] = [];
  const groups = new Map<number, string>();
  const cellsOf = new Map<number, unknown[]>();
  const keys = new Map<string, number>();
  let total = 0;
  // 20,000 rows take a while: other requests are answered meanwhile.
  const turn = takingTurns();
  for await (const row of readRows(sheet)) {
    await turn();
    const r = row.number;
    if (!row.cells.some((v) => v !== undefined && v !== null && String(v).trim() !== '')) continue;
    total++;
    const raw: Record<string, unknown> = variant ? { [variant]: variantValue } : {};
    const given: Record<string, unknown> = {};
    const before = errors.length;
    for (const [col, column] of positions) {
      let value = row.cells[col];
      if (typeof value === 'string') value = value.trim();
      if (value === '' || value === undefined || value === null) continue;
      given[column.field] = typeof value === 'string' ? value : String(value);
      const { field, f } = column;
      if (!f) {
        // A hook's column: its text, read by the hook's row schema.
        raw[field] = String(value);
        continue;
      }
      if (f.kind === 'enum') value = enumValue(importer, field, String(value));
      if (f.kind === 'boolean') value = ['是', 'yes', 'true', '1', '✓'].includes(String(value));
      if (f.kind === 'tags' || f.kind === 'images')
        value = String(value)
          .split(/[,，、]/)
          .map((t) => t.trim())
          .filter(Boolean);
      if (['text', 'longText', 'phone', 'money', 'image', 'link'].includes(f.kind))
        value = String(value);
      // Rich text is stored only in the sanitiser's safe subset (plain text becomes paragraphs).
      if (f.kind === 'richText') value = richTextOfCell(String(value));
      if (f.kind === 'date' || f.kind === 'datetime') {
        // A day or a moment, as the cell holds it; a year the database cannot hold is a row error.
        // A moment is on the merchant's clock (China's) unless the text names its offset; a date
        // cell of Excel's holds the typed clock time as if in UTC.
        const time =
          f.kind === 'date'
            ? new Date(String(value))
            : value instanceof Date
              ? clockTime(value.toISOString().slice(0, 19))
              : clockTime(String(value));
        if (!Number.isNaN(time.getTime())) {
          const year = time.getUTCFullYear();
          if (year < DATE_MIN_YEAR || year > DATE_MAX_YEAR) {
            errors.push({ row: r, column: headerOf(field), message: DATE_YEARS });
            continue;
          }
          value = f.kind === 'date' ? time.toISOString().slice(0, 10) : time.toISOString();
        }
      }
      raw[field] = value;
    }
    if (own.groupOf) groups.set(r, own.groupOf(given));
    const result = schema.safeParse(raw);
    if (errors.length > before) {
      // Already refused (a date out of range): the rest of its checks would say no more.
    } else if (result.success) {
      const values = result.data as Record<string, unknown>;
      for (const [field, problem] of unstorableCells(values))
        errors.push({ row: r, column: headerOf(field), message: problem });
      const key = resource.importKey ? String(values[resource.importKey] ?? '') : '';
      if (key) {
        const first = keys.get(key);
        if (first !== undefined)
          errors.push({
            row: r,
            column: headerOf(resource.importKey!),
            message: message('import.repeatsRow', { row: first }),
          });
        else keys.set(key, r);
      }
      if (errors.length === before) rows.push({ row: r, values, given: Object.keys(raw) });
    } else {
      for (const issue of result.error.issues)
        errors.push({
          row: r,
          column: headerOf(String(issue.path[0] ?? '')),
          message: messageOfIssue(issue),
        });
    }
    cellsOf.set(
      r,
      headers.map((_, i) => row.cells[i] ?? ''),
    );
  }
  return { total, errors, rows, groups, headers, bad: new Map(), headerOf, cellsOf };
}

/**
 * The rows of a group that has a bad row get a problem of their own (naming that row), and leave
 * the valid rows: a record is written whole or not at all.
 */
function holdBackGroups(parsed: Parsed, resource: ResourceDef) {
  if (parsed.groups.size === 0) return;
  const badRow = new Map<string, number>();
  for (const e of parsed.errors) {
    const group = parsed.groups.get(e.row);
    if (group !== undefined && !badRow.has(group)) badRow.set(group, e.row);
  }
  const kept: ImportRow[] = [];
  for (const row of parsed.rows) {
    const bad = badRow.get(parsed.groups.get(row.row) ?? '');
    if (bad === undefined) kept.push(row);
    else
      parsed.errors.push({
        row: row.row,
        column: '',
        message: message('import.groupFails', { row: bad, noun: message(`${resource.name}:noun`) }),
      });
  }
  parsed.rows = kept;
}

/**
 * The file read and every row checked: by its row schema, by the area's own checks against the
 * other rows and the merchant's data, and with its group; the bad rows kept for their file.
 */
export async function inspect(
  importer: Importer,
  file: { buffer: Buffer; csv: boolean },
  context: { db: Executor; merchantId: number; maxUnpacked: number; language: MessageLanguage },
  variantValue?: number,
): Promise<Parsed> {
  const parsed = await parse(importer, file, context.maxUnpacked, context.language, variantValue);
  holdBackGroups(parsed, importer.resource);
  const { check } = importer.own;
  let problems: ImportProblem[] = [];
  if (check && parsed.rows.length > 0) {
    const checked = await check(parsed.rows, context);
    parsed.existing = checked.existing;
    problems = checked.problems;
  }
  addProblems(parsed, importer, problems);
  return parsed;
}

/**
 * The area's problems with checked rows (its `check`'s, its `prepare`'s) added to the file's: the
 * rows they name, and their groups, leave the valid rows; the bad rows kept for their file.
 */
export function addProblems(parsed: Parsed, importer: Importer, problems: ImportProblem[]) {
  for (const p of problems)
    parsed.errors.push({ row: p.row, column: parsed.headerOf(p.field), message: p.message });
  if (problems.length > 0) {
    const failed = new Set(problems.map((p) => p.row));
    parsed.rows = parsed.rows.filter((r) => !failed.has(r.row));
    holdBackGroups(parsed, importer.resource);
  }
  parsed.errors.sort((a, b) => a.row - b.row);
  for (const e of parsed.errors) {
    const cells = parsed.cellsOf.get(e.row);
    if (cells && parsed.bad.size < 10_000) parsed.bad.set(e.row, cells);
  }
}
