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
  inImport,
  type ResourceDef,
  type ResourceDictionary,
  variantRoute,
} from '../../../shared/resource';
import { resourceSchemas } from '../../../shared/resource-schema';
import { resources } from '../../../shared/resources';
import type { AppContext } from '../../context';
import { AppError, fieldError, forbidden } from '../../errors';
import { dictionariesOf, hooksOf, tableOf } from '../../kit/modules';
import type { ResourceHooks } from '../../kit/resource-routes';
import { sendXlsx } from '../../kit/xlsx-export';
import { render, requestLanguage } from '../../messages';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';
import { findUnstorableText } from '../../plugins/text-input';
import { actorOf, recordOperation } from '../system/operation-log';
import { checkUnpackedSize, sheetsLast, UnpackError } from './unpacked-size';

/** An importable resource, with what its import reads: columns, words, rules and hooks. */
interface Importer {
  resource: ResourceDef;
  /** Field → the header the template writes (the Chinese label) and the headers accepted. */
  columns: { field: string; f: FieldDef; header: string; aliases: string[] }[];
  dictionaries: Record<'zh' | 'en', ResourceDictionary>;
  hooks: ResourceHooks;
}

/** Columns and their accepted headers from the resource's fields and both dictionaries. */
async function importerOf(resource: ResourceDef): Promise<Importer> {
  const dictionaries = await dictionariesOf(resource);
  const variant = resource.variants?.field;
  const columns = fieldEntries(resource)
    .filter(([key, f]) => inImport(f) && key !== variant)
    .map(([field, f]) => ({
      field,
      f,
      header: dictionaries.zh.fields[field] ?? field,
      aliases: [dictionaries.en.fields[field] ?? field, field],
    }));
  return { resource, columns, dictionaries, hooks: await hooksOf(resource) };
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

/** The rows of the first sheet, read as the file is unpacked: at most IMPORT_MAX_ROWS of them. */
async function* sheetRows(buffer: Buffer): AsyncGenerator<ExcelJS.Row> {
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
      yield row;
    }
    return;
  }
}

/** A row's problem, said in the request's language when answered. */
type RowProblem = Omit<ImportRowError, 'message'> & { message: Message };

interface Parsed {
  total: number;
  errors: RowProblem[];
  /** Valid rows with their row numbers, and the fields their cells gave. */
  rows: { row: number; values: Record<string, unknown>; given: string[] }[];
  /** The header as written, and every bad row's cells: for the file of bad rows. */
  headers: string[];
  bad: Map<number, unknown[]>;
}

/**
 * Reads and checks every row of the first sheet; nothing is written. The file is refused before
 * parsing when it unpacks to more than IMPORT_MAX_UNPACKED (a zip bomb: a small file that
 * unpacks to gigabytes), and its rows are read as a stream that stops past IMPORT_MAX_ROWS. A row
 * whose key (a customer's phone) came earlier in the file is an error; one the merchant has is
 * counted by the caller.
 */
async function parse(
  importer: Importer,
  buffer: Buffer,
  maxUnpacked: number,
  variantValue?: number,
): Promise<Parsed> {
  try {
    await checkUnpackedSize(buffer, maxUnpacked);
  } catch (err) {
    if (!(err instanceof UnpackError)) throw err;
    if (err.reason === 'too-large') throw new AppError(ResultCode.PAYLOAD_TOO_LARGE, err.text);
    throw fieldError('file', err.text);
  }
  const { resource, columns } = importer;
  const positions = new Map<number, (typeof columns)[number]>();
  const sheet = sheetRows(sheetsLast(buffer));
  let header: ExcelJS.Row | undefined;
  try {
    header = (await sheet.next()).value || undefined;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fieldError('file', message('import.notXlsx'));
  }
  if (!header) throw fieldError('file', message('import.noSheet'));
  const headers: string[] = [];
  header.eachCell((cell, col) => {
    const text = String(cellText(cell.value) ?? '').trim();
    headers[col - 1] = text;
    const column = columns.find((c) => c.header === text || c.aliases.includes(text));
    if (column) positions.set(col, column);
  });
  const required = columns.find((c) => c.field === resource.titleField)?.header;
  if (![...positions.values()].some((c) => c.field === resource.titleField)) {
    throw fieldError('file', message('import.headerRow', { required: required ?? '' }));
  }
  const schema = resourceSchemas(resource).importRow;
  const variant = resource.variants?.field;
  const headerOf = (field: string) => columns.find((c) => c.field === field)?.header ?? field;
  const errors: RowProblem[] = [];
  const rows: Parsed['rows'] = [];
  const bad = new Map<number, unknown[]>();
  const keys = new Map<string, number>();
  let total = 0;
  for await (const row of readRows(sheet)) {
    const r = row.number;
    if (!row.hasValues) continue;
    total++;
    const raw: Record<string, unknown> = variant ? { [variant]: variantValue } : {};
    const before = errors.length;
    for (const [col, column] of positions) {
      let value = cellText(row.getCell(col).value);
      if (typeof value === 'string') value = value.trim();
      if (value === '' || value === undefined) continue;
      const { field, f } = column;
      if (f.kind === 'enum') value = enumValue(importer, field, String(value));
      if (f.kind === 'boolean') value = ['是', 'yes', 'true', '1', '✓'].includes(String(value));
      if (f.kind === 'tags' || f.kind === 'images')
        value = String(value)
          .split(/[,，、]/)
          .map((t) => t.trim())
          .filter(Boolean);
      if (['text', 'longText', 'richText', 'phone', 'money', 'image', 'link'].includes(f.kind))
        value = String(value);
      if (f.kind === 'date' || f.kind === 'datetime') {
        // A day or a moment, as the cell holds it; a year the database cannot hold is a row error.
        const time = new Date(String(value));
        if (!Number.isNaN(time.getTime())) {
          const year = time.getUTCFullYear();
          if (year < DATE_MIN_YEAR || year > DATE_MAX_YEAR) {
            errors.push({ row: r, column: column.header, message: DATE_YEARS });
            continue;
          }
          value = f.kind === 'date' ? time.toISOString().slice(0, 10) : time.toISOString();
        }
      }
      raw[field] = value;
    }
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
    if (errors.length > before && bad.size < 10_000)
      bad.set(
        r,
        headers.map((_, i) => cellText(row.getCell(i + 1).value) ?? ''),
      );
  }
  return { total, errors, rows, headers, bad };
}

/** The rows after the header; a file that turns out broken midway is refused as not an .xlsx. */
async function* readRows(rows: AsyncGenerator<ExcelJS.Row>) {
  for (;;) {
    let next: IteratorResult<ExcelJS.Row>;
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
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') buffer = await part.toBuffer();
        else fields[part.fieldname] = String(part.value);
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
    return { ...parsed.data, importer, buffer };
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

  const reportOf = (kind: string, parsed: Parsed, existing: number, language: MessageLanguage) => ({
    kind,
    total: parsed.total,
    valid: parsed.rows.length,
    errors: parsed.errors
      .slice(0, 1000)
      .map((e) => ({ ...e, message: render(language, e.message) })),
    existing,
  });

  app.post(
    '/admin/import/validate',
    {
      config: { permission: 'data-helper' },
      schema: { response: { 200: envelopeOf(importReport) } },
    },
    async (request) => {
      const { kind, importer, variant, buffer } = await readRequest(request);
      const parsed = await parse(importer, buffer, config.IMPORT_MAX_UNPACKED, variant);
      const existing = await existingIds(importer, request.auth!.merchantId, parsed);
      return ok(reportOf(kind, parsed, existing.size, requestLanguage(request)));
    },
  );

  app.post(
    '/admin/import/commit',
    {
      config: { permission: 'data-helper' },
      schema: { response: { 200: envelopeOf(importReport) } },
    },
    async (request) => {
      const { kind, importer, variant, validOnly, existing, buffer } = await readRequest(request);
      const { resource, hooks } = importer;
      const parsed = await parse(importer, buffer, config.IMPORT_MAX_UNPACKED, variant);
      const merchantId = request.auth!.merchantId;
      const there = await existingIds(importer, merchantId, parsed);
      const report = reportOf(kind, parsed, there.size, requestLanguage(request));
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
        const fresh: Record<string, unknown>[] = [];
        for (const { values, given } of parsed.rows) {
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
      const { kind, importer, variant, buffer } = await readRequest(request);
      const parsed = await parse(importer, buffer, config.IMPORT_MAX_UNPACKED, variant);
      const language = requestLanguage(request);
      const say = (m: Message) => render(language, m);
      const reasons = new Map<number, string[]>();
      for (const e of parsed.errors)
        reasons.set(e.row, [...(reasons.get(e.row) ?? []), `${e.column}: ${say(e.message)}`]);
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
      const dictionary = importer.dictionaries[request.body.lang];
      const en = request.body.lang === 'en';
      const workbook = new ExcelJS.Workbook();
      // The rows go on the first sheet, which holds the headers only; the example and the notes
      // are on a sheet of their own, which an import never reads.
      const sheet = workbook.addWorksheet(dictionary.title);
      sheet.columns = importer.columns.map((c) => ({
        header: dictionary.fields[c.field] ?? c.field,
        key: c.field,
        width: 18,
      }));
      sheet.getRow(1).font = { bold: true };
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
          column: dictionary.fields[c.field] ?? c.field,
          required: c.f.required ? (en ? 'yes' : '是') : '',
          rule: ruleText(c.f, dictionary.enums?.[c.field], en),
          example: exampleText(c.f, dictionary.enums?.[c.field], en),
        });
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
    case 'link':
      return en
        ? 'product:<id>, article:<id>, a page path (/pages/…) or a web address'
        : 'product:编号、article:编号、页面路径（/pages/…）或网址';
    default:
      return f.max ? (en ? `At most ${f.max} characters` : `最多 ${f.max} 个字符`) : '';
  }
}

export default importRoutes;
