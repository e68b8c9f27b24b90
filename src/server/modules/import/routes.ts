import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import {
  IMPORT_KINDS,
  IMPORT_MAX_ROWS,
  type ImportRowError,
  importReport,
} from '../../../shared/import';
import { DATE_MAX_YEAR, DATE_MIN_YEAR } from '../../../shared/list';
import {
  type Message,
  type MessageLanguage,
  message,
  messageOfIssue,
} from '../../../shared/messages';
import {
  type FieldDef,
  fieldEntries,
  importKeyPermission,
  inImport,
  type ResourceDef,
  type ResourceDictionary,
  variantRoute,
} from '../../../shared/resource';
import { resourceSchemas } from '../../../shared/resource-schema';
import { resources } from '../../../shared/resources';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, fieldError, forbidden } from '../../errors';
import type { ImportColumn, ImportHooks, ImportRow } from '../../kit/import-hooks';
import { dictionariesOf, hooksOf, importHooksOf, tableOf } from '../../kit/modules';
import { actorOf, recordOperation } from '../../kit/operation-log';
import type { ResourceHooks } from '../../kit/resource-routes';
import { richTextOfCell } from '../../kit/sanitize-html';
import { takingTurns } from '../../kit/take-turns';
import { sendXlsx } from '../../kit/xlsx-export';
import { render, requestLanguage } from '../../messages';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';
import { findUnstorableText } from '../../plugins/text-input';
import { checkUnpackedSize, sheetsLast, UnpackError } from './unpacked-size';

/** A column of an import file: one of the resource's fields, or one of its import hooks'. */
interface Column {
  field: string;
  /** The resource's field, when it is one (its kind says how a cell is read). */
  f?: FieldDef;
  /** The header the template writes in each language; both are accepted, and the field's key. */
  headers: { zh: string; en: string };
  required: boolean;
  /** The template's notes, for a hook's column. */
  notes?: Pick<ImportColumn, 'rule' | 'example'>;
  asText?: boolean;
}

/** An importable resource, with what its import reads: columns, words, rules and hooks. */
interface Importer {
  resource: ResourceDef;
  columns: Column[];
  dictionaries: Record<'zh' | 'en', ResourceDictionary>;
  hooks: ResourceHooks;
  own: ImportHooks;
}

/** Columns and their accepted headers from the resource's fields, both dictionaries and its import hooks. */
async function importerOf(resource: ResourceDef): Promise<Importer> {
  const dictionaries = await dictionariesOf(resource);
  const own = await importHooksOf(resource);
  const variant = resource.variants?.field;
  const columns: Column[] = fieldEntries(resource)
    .filter(([key, f]) => inImport(f) && key !== variant)
    .map(([field, f]) => ({
      field,
      f,
      headers: {
        zh: dictionaries.zh.fields[field] ?? field,
        en: dictionaries.en.fields[field] ?? field,
      },
      required: !!f.required,
    }));
  for (const c of own.columns ?? [])
    columns.push({
      field: c.field,
      headers: c.header,
      required: !!c.required,
      notes: { rule: c.rule, example: c.example },
      asText: c.asText,
    });
  return { resource, columns, dictionaries, hooks: await hooksOf(resource), own };
}

/** An enum's value from what a cell says: its key, or its text in either language. */
function enumValue(importer: Importer, field: string, text: string): string {
  for (const dictionary of [importer.dictionaries.zh, importer.dictionaries.en]) {
    const texts = dictionary.enums?.[field] ?? {};
    const found = Object.entries(texts).find(([, label]) => label === text);
    if (found) return found[0];
  }
  return text;
}

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

/** A row of the file: its number (the header is 1) and its cells from column A. */
interface FileRow {
  number: number;
  cells: unknown[];
}

/** The rows of the first sheet, read as the file is unpacked: at most IMPORT_MAX_ROWS of them. */
async function* sheetRows(buffer: Buffer): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
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

/** A row's problem, said in the request's language when answered. */
type RowProblem = Omit<ImportRowError, 'message'> & { message: Message };

interface Parsed {
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
        const time = new Date(String(value));
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
async function inspect(
  importer: Importer,
  file: { buffer: Buffer; csv: boolean },
  context: { db: Executor; merchantId: number; maxUnpacked: number; language: MessageLanguage },
  variantValue?: number,
): Promise<Parsed> {
  const parsed = await parse(importer, file, context.maxUnpacked, context.language, variantValue);
  holdBackGroups(parsed, importer.resource);
  const { check } = importer.own;
  if (check && parsed.rows.length > 0) {
    const { problems, existing } = await check(parsed.rows, context);
    parsed.existing = existing;
    for (const p of problems)
      parsed.errors.push({ row: p.row, column: parsed.headerOf(p.field), message: p.message });
    const failed = new Set(problems.map((p) => p.row));
    parsed.rows = parsed.rows.filter((r) => !failed.has(r.row));
    holdBackGroups(parsed, importer.resource);
  }
  parsed.errors.sort((a, b) => a.row - b.row);
  for (const e of parsed.errors) {
    const cells = parsed.cellsOf.get(e.row);
    if (cells && parsed.bad.size < 10_000) parsed.bad.set(e.row, cells);
  }
  return parsed;
}

/** The rows after the header; a file that turns out broken midway is refused as not an .xlsx. */
async function* readRows(rows: AsyncGenerator<FileRow>) {
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

const formFields = z.object({
  kind: z.enum(IMPORT_KINDS as [string, ...string[]]),
  /** A variant resource's list (an article's type). */
  variant: z.coerce.number().int().min(1).max(999).optional(),
  validOnly: z.enum(['true', 'false']).optional(),
  /** Rows whose key the merchant has already: left as they are, or updated from the file. */
  existing: z.enum(['skip', 'update']).default('skip'),
});

/**
 * /data-helper: import any resource whose actions include `import` from .xlsx: its columns are
 * its importable fields (headers in either language), checked by its own rules. Validate first;
 * commit writes all or nothing (or only the valid rows when asked), through the area's hooks.
 */
export const importRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_BYTES * 4, files: 1, fields: 6 },
  });
  const importers = new Map<string, Importer>();
  for (const resource of resources)
    if (IMPORT_KINDS.includes(resource.name))
      importers.set(resource.name, await importerOf(resource));

  async function readRequest(request: FastifyRequest) {
    if (!request.isMultipart()) throw fieldError('file', message('upload.multipart'));
    const fields: Record<string, string> = {};
    let buffer: Buffer | undefined;
    let csv = false;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          buffer = await part.toBuffer();
          // By its name (a part without a type is sent as text/plain, whatever it holds).
          csv = /\.(csv|tsv|txt)$/i.test(part.filename ?? '') || part.mimetype === 'text/csv';
        } else fields[part.fieldname] = String(part.value);
      }
    } catch {
      throw new AppError(ResultCode.PAYLOAD_TOO_LARGE, message('import.tooLarge'));
    }
    if (!buffer) throw fieldError('file', message('import.chooseFile'));
    const parsed = formFields.safeParse(fields);
    if (!parsed.success)
      throw fieldError(
        String(parsed.error.issues[0]?.path[0] ?? 'kind'),
        messageOfIssue(parsed.error.issues[0] ?? {}),
      );
    const importer = importers.get(parsed.data.kind)!;
    const route = variantRoute(importer.resource, parsed.data.variant);
    if (!route) throw fieldError('variant', message('import.chooseTarget'));
    if (!can(request.auth, route)) throw forbidden();
    const language = requestLanguage(request);
    // Rows already there are found by the key: by a masked one (a customer's phone), only for an
    // account that may see it, or a file of guessed numbers would tell which are there.
    const keyMasked = importKeyPermission(importer.resource);
    if (keyMasked && !can(request.auth, keyMasked))
      throw forbidden(message('import.maskedKey', { column: keyHeader(importer, language) ?? '' }));
    const context = {
      db,
      merchantId: request.auth!.merchantId,
      maxUnpacked: config.IMPORT_MAX_UNPACKED,
      language,
    };
    const parsedFile = await inspect(importer, { buffer, csv }, context, parsed.data.variant);
    return { ...parsed.data, importer, parsed: parsedFile, language };
  }

  /** The valid rows' ids already there, by their key (a customer's phone). */
  async function existingIds(importer: Importer, merchantId: number, parsed: Parsed) {
    const key = importer.resource.importKey;
    const found = new Map<string, number>();
    if (!key) return found;
    const keys = parsed.rows.map((r) => String(r.values[key] ?? '')).filter(Boolean);
    const table = tableOf(importer.resource);
    const column = (table as unknown as Record<string, PgColumn>)[key]!;
    for (let at = 0; at < keys.length; at += 1000) {
      const rows = await db
        .select({ id: table.id, key: column })
        .from(table as PgTable)
        .where(and(eq(table.merchantId, merchantId), inArray(column, keys.slice(at, at + 1000))));
      for (const row of rows) found.set(String(row.key), row.id as number);
    }
    return found;
  }

  /** The header of the column that finds a row already there, in the request's language. */
  const keyHeader = (importer: Importer, language: MessageLanguage) => {
    const field = importer.own.keyField ?? importer.resource.importKey;
    const column = importer.columns.find((c) => c.field === field);
    return column ? column.headers[language] : undefined;
  };

  const reportOf = (
    importer: Importer,
    parsed: Parsed,
    existing: number,
    language: MessageLanguage,
  ) => ({
    kind: importer.resource.name,
    total: parsed.total,
    valid: parsed.rows.length,
    errors: parsed.errors
      .slice(0, 1000)
      .map((e) => ({ ...e, message: render(language, e.message) })),
    existing,
    key: keyHeader(importer, language),
  });

  app.post(
    '/admin/import/validate',
    {
      config: { permission: 'data-helper' },
      schema: { response: { 200: envelopeOf(importReport) } },
    },
    async (request) => {
      const { importer, parsed, language } = await readRequest(request);
      const existing =
        parsed.existing ?? (await existingIds(importer, request.auth!.merchantId, parsed)).size;
      return ok(reportOf(importer, parsed, existing, language));
    },
  );

  app.post(
    '/admin/import/commit',
    {
      config: { permission: 'data-helper' },
      schema: { response: { 200: envelopeOf(importReport) } },
    },
    async (request) => {
      const { kind, importer, variant, validOnly, existing, parsed, language } =
        await readRequest(request);
      const { resource, hooks, own } = importer;
      const merchantId = request.auth!.merchantId;
      const there = own.write
        ? new Map<string, number>()
        : await existingIds(importer, merchantId, parsed);
      const report = reportOf(importer, parsed, parsed.existing ?? there.size, language);
      if (parsed.errors.length > 0 && validOnly !== 'true') {
        throw new AppError(
          ResultCode.VALIDATION,
          message('import.problems', { count: parsed.errors.length }),
          400,
          report,
        );
      }
      if (parsed.rows.length === 0) throw fieldError('file', message('import.noValidRows'));
      const table = tableOf(resource);
      const key = resource.importKey;
      const toColumns = (values: Record<string, unknown>) => {
        const out = { ...values };
        for (const [field, f] of fieldEntries(resource)) {
          if (f.kind === 'datetime' && typeof out[field] === 'string')
            out[field] = new Date(out[field]);
          // A read-only field the file leaves empty takes the table's own default (sign-up: now).
          if (f.readOnly && out[field] == null) delete out[field];
        }
        return out;
      };
      let imported = 0;
      let updated = 0;
      await db.transaction(async (tx) => {
        if (own.write) {
          ({ imported, updated } = await own.write(parsed.rows, {
            tx,
            request,
            merchantId,
            existing,
          }));
        } else {
          const fresh: Record<string, unknown>[] = [];
          const turn = takingTurns();
          for (const { values, given } of parsed.rows) {
            await turn();
            const id = key ? there.get(String(values[key] ?? '')) : undefined;
            if (id !== undefined) {
              if (existing !== 'update') continue;
              const [before] = await tx
                .select()
                .from(table as PgTable)
                .where(and(eq(table.id, id), eq(table.merchantId, merchantId)));
              let next = { ...values };
              if (hooks.beforeWrite)
                next = await hooks.beforeWrite(next, { request, tx, before: before as never });
              await tx
                .update(table)
                .set(toColumns(next) as never)
                .where(eq(table.id, id));
              updated++;
              continue;
            }
            // Values an imported row gets where its file says nothing (a customer's source).
            let next = { ...values };
            for (const [field, value] of Object.entries(resource.importDefaults ?? {}))
              if (!given.includes(field)) next[field] = value;
            if (hooks.beforeWrite) next = await hooks.beforeWrite(next, { request, tx });
            fresh.push({ ...toColumns(next), merchantId });
          }
          for (let i = 0; i < fresh.length; i += 500)
            await tx.insert(table).values(fresh.slice(i, i + 500) as never);
          imported = fresh.length;
        }
        await recordOperation(tx, actorOf(request), {
          action: `import.${kind}`,
          targetType: resource.name,
          detail: {
            imported,
            updated,
            skipped: parsed.total - imported - updated,
            ...(variant ? { [resource.variants!.field]: variant } : {}),
          },
        });
      });
      return ok({ ...report, imported, updated });
    },
  );

  app.post(
    '/admin/import/errors',
    { config: { permission: 'data-helper' } },
    async (request, reply) => {
      const { kind, importer, parsed, language } = await readRequest(request);
      const say = (m: Message) => render(language, m);
      const reasons = new Map<number, string[]>();
      for (const e of parsed.errors)
        reasons.set(e.row, [
          ...(reasons.get(e.row) ?? []),
          e.column ? `${e.column}: ${say(e.message)}` : say(e.message),
        ]);
      const rows = [...parsed.bad.entries()];
      let sent = false;
      return sendXlsx<[number, unknown[]]>(reply, {
        filename: `${say(message('import.errorsFile', { title: importer.dictionaries[language].title }))}.xlsx`,
        sheet: kind,
        columns: [
          { header: say(message('import.rowColumn')), key: 'row', width: 8, value: ([row]) => row },
          ...parsed.headers.map((header, i) => ({
            header,
            key: `c${i}`,
            value: ([, cells]: [number, unknown[]]) => (cells[i] ?? null) as string | null,
          })),
          {
            header: say(message('import.problemColumn')),
            key: 'problems',
            width: 50,
            value: ([row]) => (reasons.get(row) ?? []).join('；'),
          },
        ],
        async nextBatch() {
          if (sent) return [];
          sent = true;
          return rows;
        },
      });
    },
  );

  app.post(
    '/admin/import/template',
    {
      config: { permission: 'data-helper' },
      schema: {
        body: z.object({
          kind: z.enum(IMPORT_KINDS as [string, ...string[]]),
          lang: z.enum(['zh', 'en']).default('zh'),
        }),
      },
    },
    async (request, reply) => {
      const importer = importers.get(request.body.kind)!;
      const language = request.body.lang;
      const dictionary = importer.dictionaries[language];
      const en = language === 'en';
      const workbook = new ExcelJS.Workbook();
      // The rows go on the first sheet, which holds the headers only; the example and the notes
      // are on sheets of their own, which an import never reads.
      const sheet = workbook.addWorksheet(dictionary.title);
      sheet.columns = importer.columns.map((c) => ({
        header: c.headers[language],
        key: c.field,
        width: 18,
      }));
      sheet.getRow(1).font = { bold: true };
      importer.columns.forEach((c, i) => {
        if (c.asText) sheet.getColumn(i + 1).numFmt = '@';
      });
      const notes = workbook.addWorksheet(en ? 'Notes' : '填写说明');
      notes.columns = [
        { header: en ? 'Column' : '列', key: 'column', width: 18 },
        { header: en ? 'Required' : '必填', key: 'required', width: 10 },
        { header: en ? 'What to write' : '填写要求', key: 'rule', width: 60 },
        { header: en ? 'Example' : '示例', key: 'example', width: 24 },
      ];
      notes.getRow(1).font = { bold: true };
      for (const c of importer.columns)
        notes.addRow({
          column: c.headers[language],
          required: c.required ? (en ? 'yes' : '是') : '',
          rule: c.f ? ruleText(c.f, dictionary.enums?.[c.field], en) : c.notes?.rule[language],
          example: c.f
            ? exampleText(c.f, dictionary.enums?.[c.field], en)
            : c.notes?.example[language],
        });
      const examples = importer.own.exampleRows?.(language);
      if (examples?.length) {
        // Several rows that make one record (a goods with its variants), as they are written.
        const example = workbook.addWorksheet(en ? 'Example' : '示例');
        example.columns = importer.columns.map((c) => ({
          header: c.headers[language],
          key: c.field,
          width: 18,
        }));
        example.getRow(1).font = { bold: true };
        for (const row of examples) example.addRow(row);
      }
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="import.xlsx"; filename*=UTF-8''${encodeURIComponent(`${dictionary.title}-${en ? 'template' : '导入模板'}.xlsx`)}`,
        )
        .send(buffer);
    },
  );
};

/** A value a column might hold, for the template's notes (never imported: not on sheet 1). */
function exampleText(f: FieldDef, texts: Record<string, string> | undefined, en: boolean): string {
  switch (f.kind) {
    case 'enum':
      return Object.values(texts ?? {})[0] ?? '';
    case 'tags':
      return en ? 'VIP, regular' : 'VIP，老客';
    case 'integer':
      return '10';
    case 'money':
      return '268.50';
    case 'date':
    case 'datetime':
      return '2026-01-31';
    case 'phone':
      return '13800000000';
    case 'boolean':
      return en ? 'yes' : '是';
    default:
      return '';
  }
}

/** What a template's notes say a column takes. */
function ruleText(f: FieldDef, texts: Record<string, string> | undefined, en: boolean): string {
  switch (f.kind) {
    case 'enum':
      return (en ? 'One of: ' : '可填：') + Object.values(texts ?? {}).join(en ? ', ' : '、');
    case 'tags':
      return en ? 'Several, separated by commas' : '多个时用逗号分隔';
    case 'integer':
      return en ? 'A whole number' : '整数';
    case 'money':
      return en ? 'Yuan, at most two decimals' : '金额（元），最多两位小数';
    case 'datetime':
    case 'date':
      return en ? 'A date, e.g. 2026-01-31' : '日期，如 2026-01-31';
    case 'phone':
      return en ? 'A mobile number (11 digits) or a landline' : '11 位手机号或带区号的座机号';
    case 'richText':
      return en ? 'Text or HTML' : '文字或 HTML';
    case 'images':
      return en
        ? `Image addresses (http or https), separated by commas, at most ${f.max ?? 20}`
        : `图片网址（http 或 https），多个用逗号分隔，最多 ${f.max ?? 20} 张`;
    case 'link':
      return en
        ? 'product:<id>, article:<id>, a page path (/pages/…) or a web address'
        : 'product:编号、article:编号、页面路径（/pages/…）或网址';
    default:
      return f.max ? (en ? `At most ${f.max} characters` : `最多 ${f.max} 个字符`) : '';
  }
}

export default importRoutes;
