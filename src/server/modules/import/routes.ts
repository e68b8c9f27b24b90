import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { articleFields } from '../../../shared/article';
import { customerImportRow } from '../../../shared/customer';
import { ResultCode } from '../../../shared/envelope';
import {
  IMPORT_KINDS,
  IMPORT_MAX_ROWS,
  type ImportKind,
  type ImportRowError,
  importReport,
} from '../../../shared/import';
import { DATE_MAX_YEAR, DATE_MIN_YEAR } from '../../../shared/list';
import { articleRouteName } from '../../../shared/routes';
import type { AppContext } from '../../context';
import { articles, customers } from '../../db/schema';
import { AppError, fieldError, forbidden } from '../../errors';
import { sanitizeArticleHtml } from '../../kit/sanitize-html';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';
import { findUnstorableText } from '../../plugins/text-input';
import { actorOf, recordOperation } from '../system/operation-log';
import { checkUnpackedSize, sheetsLast, UnpackError } from './unpacked-size';

/** Columns of each import: field, the header written in the template, and the headers accepted. */
const COLUMNS: Record<ImportKind, { field: string; header: string; aliases: string[] }[]> = {
  customers: [
    { field: 'name', header: '姓名', aliases: ['name'] },
    { field: 'phone', header: '手机号', aliases: ['phone', '电话'] },
    { field: 'gender', header: '性别', aliases: ['gender'] },
    { field: 'source', header: '来源', aliases: ['source'] },
    { field: 'tags', header: '标签', aliases: ['tags'] },
    { field: 'orderCount', header: '订单数', aliases: ['orders', 'orderCount'] },
    { field: 'totalSpent', header: '消费总额', aliases: ['消费总额（元）', 'totalSpent'] },
    { field: 'registeredAt', header: '注册时间', aliases: ['registeredAt'] },
    { field: 'remark', header: '备注', aliases: ['remark'] },
  ],
  articles: [
    { field: 'title', header: '标题', aliases: ['title'] },
    { field: 'summary', header: '摘要', aliases: ['summary'] },
    { field: 'author', header: '作者', aliases: ['author'] },
    { field: 'body', header: '正文', aliases: ['body'] },
    { field: 'sortOrder', header: '排序', aliases: ['sortOrder'] },
    { field: 'status', header: '状态', aliases: ['status'] },
  ],
};

const WORDS: Record<string, Record<string, string>> = {
  gender: { 男: 'male', 女: 'female', 未知: 'unknown' },
  source: {
    门店: 'store',
    小程序: 'mini-program',
    公众号: 'wechat',
    推荐: 'referral',
    导入: 'import',
    其他: 'other',
  },
  status: { 已发布: 'published', 发布: 'published', 草稿: 'draft' },
};

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
function unstorableCells(row: Record<string, unknown>): [string, string][] {
  const found: [string, string][] = [];
  for (const [field, value] of Object.entries(row)) {
    if (typeof value === 'number' && (value > INT4_MAX || value < -INT4_MAX - 1)) {
      found.push([field, `At most ${INT4_MAX}`]);
    } else if (value instanceof Date) {
      const year = value.getUTCFullYear();
      if (!(year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR))
        found.push([field, `A date between the years ${DATE_MIN_YEAR} and ${DATE_MAX_YEAR}`]);
    } else if (findUnstorableText(value)) {
      found.push([field, 'Holds a character that cannot be stored (NUL or a broken surrogate)']);
    }
  }
  return found;
}

interface Parsed {
  total: number;
  errors: ImportRowError[];
  rows: Record<string, unknown>[];
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
        throw fieldError('file', `At most ${IMPORT_MAX_ROWS} rows per import`);
      }
      yield row;
    }
    return;
  }
}

/**
 * Reads and checks every row of the first sheet; nothing is written. The file is refused before
 * parsing when it unpacks to more than IMPORT_MAX_UNPACKED (a zip bomb: a small file that
 * unpacks to gigabytes), and its rows are read as a stream that stops past IMPORT_MAX_ROWS.
 */
async function parse(
  kind: ImportKind,
  buffer: Buffer,
  maxUnpacked: number,
  articleType?: number,
): Promise<Parsed> {
  try {
    await checkUnpackedSize(buffer, maxUnpacked);
  } catch (err) {
    if (!(err instanceof UnpackError)) throw err;
    if (err.reason === 'too-large') throw new AppError(ResultCode.PAYLOAD_TOO_LARGE, err.message);
    throw fieldError('file', err.message);
  }
  const columns = COLUMNS[kind];
  const positions = new Map<number, (typeof columns)[number]>();
  const sheet = sheetRows(sheetsLast(buffer));
  let header: ExcelJS.Row | undefined;
  try {
    header = (await sheet.next()).value || undefined;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fieldError('file', 'Not an .xlsx file');
  }
  if (!header) throw fieldError('file', 'The file has no sheet');
  header.eachCell((cell, col) => {
    const text = String(cellText(cell.value) ?? '').trim();
    const column = columns.find((c) => c.header === text || c.aliases.includes(text));
    if (column) positions.set(col, column);
  });
  const required = kind === 'customers' ? '姓名' : '标题';
  if (![...positions.values()].some((c) => c.header === required)) {
    throw fieldError('file', `The first row must hold the column headers (at least “${required}”)`);
  }
  const schema = kind === 'customers' ? customerImportRow : articleFields;
  const headerOf = (field: string) => columns.find((c) => c.field === field)?.header ?? field;
  const errors: ImportRowError[] = [];
  const rows: Record<string, unknown>[] = [];
  let total = 0;
  for await (const row of readRows(sheet)) {
    const r = row.number;
    if (!row.hasValues) continue;
    total++;
    const raw: Record<string, unknown> = kind === 'articles' ? { articleType } : {};
    for (const [col, column] of positions) {
      let value = cellText(row.getCell(col).value);
      if (typeof value === 'string') value = value.trim();
      if (value === '' || value === undefined) continue;
      if (WORDS[column.field]) value = WORDS[column.field]?.[String(value)] ?? value;
      if (column.field === 'tags')
        value = String(value)
          .split(/[,，、]/)
          .map((t) => t.trim())
          .filter(Boolean);
      if (column.field === 'phone') value = String(value);
      raw[column.field] = value;
    }
    const result = schema.safeParse(raw);
    const unstorable = result.success ? unstorableCells(result.data) : [];
    for (const [field, message] of unstorable) {
      errors.push({ row: r, column: headerOf(field), message });
    }
    if (result.success) {
      if (unstorable.length === 0) rows.push(result.data as Record<string, unknown>);
    } else {
      for (const issue of result.error.issues) {
        errors.push({
          row: r,
          column: headerOf(String(issue.path[0] ?? '')),
          message: issue.message,
        });
      }
    }
  }
  return { total, errors, rows };
}

/** The rows after the header; a file that turns out broken midway is refused as not an .xlsx. */
async function* readRows(rows: AsyncGenerator<ExcelJS.Row>) {
  for (;;) {
    let next: IteratorResult<ExcelJS.Row>;
    try {
      next = await rows.next();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw fieldError('file', 'Not an .xlsx file');
    }
    if (next.done) return;
    yield next.value;
  }
}

const formFields = z.object({
  kind: z.enum(IMPORT_KINDS),
  articleType: z.coerce.number().int().min(1).max(10).optional(),
  validOnly: z.enum(['true', 'false']).optional(),
});

/** /data-helper: import customers or articles from .xlsx; validate first, write all or nothing. */
export const importRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_BYTES * 4, files: 1, fields: 5 },
  });

  async function readRequest(request: FastifyRequest) {
    if (!request.isMultipart()) throw fieldError('file', 'Send the file as multipart/form-data');
    const fields: Record<string, string> = {};
    let buffer: Buffer | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') buffer = await part.toBuffer();
        else fields[part.fieldname] = String(part.value);
      }
    } catch {
      throw new AppError(ResultCode.PAYLOAD_TOO_LARGE, 'The file is too large');
    }
    if (!buffer) throw fieldError('file', 'Choose an .xlsx file');
    const parsed = formFields.safeParse(fields);
    if (!parsed.success)
      throw fieldError(String(parsed.error.issues[0]?.path[0] ?? 'kind'), 'is invalid');
    const { kind, articleType } = parsed.data;
    if (kind === 'articles') {
      const name = articleType ? articleRouteName(articleType) : undefined;
      if (!name) throw fieldError('articleType', 'Choose the article list to import into');
      if (!can(request.auth, name)) throw forbidden();
    } else if (!can(request.auth, 'client-list')) throw forbidden();
    return { ...parsed.data, buffer };
  }

  app.post(
    '/admin/import/validate',
    {
      config: { permission: 'data-helper' },
      schema: { response: { 200: envelopeOf(importReport) } },
    },
    async (request) => {
      const { kind, articleType, buffer } = await readRequest(request);
      const parsed = await parse(kind, buffer, config.IMPORT_MAX_UNPACKED, articleType);
      return ok({
        kind,
        total: parsed.total,
        valid: parsed.rows.length,
        errors: parsed.errors.slice(0, 1000),
      });
    },
  );

  app.post(
    '/admin/import/commit',
    {
      config: { permission: 'data-helper' },
      schema: { response: { 200: envelopeOf(importReport) } },
    },
    async (request) => {
      const { kind, articleType, validOnly, buffer } = await readRequest(request);
      const parsed = await parse(kind, buffer, config.IMPORT_MAX_UNPACKED, articleType);
      const report = {
        kind,
        total: parsed.total,
        valid: parsed.rows.length,
        errors: parsed.errors.slice(0, 1000),
      };
      if (parsed.errors.length > 0 && validOnly !== 'true') {
        throw new AppError(
          ResultCode.VALIDATION,
          `${parsed.errors.length} problems in the file; nothing was imported`,
          400,
          report,
        );
      }
      if (parsed.rows.length === 0) throw fieldError('file', 'No valid rows to import');
      const merchantId = request.auth!.merchantId;
      await db.transaction(async (tx) => {
        for (let i = 0; i < parsed.rows.length; i += 500) {
          const batch = parsed.rows.slice(i, i + 500);
          if (kind === 'customers') {
            await tx.insert(customers).values(
              batch.map((r) => ({
                ...(r as z.output<typeof customerImportRow>),
                source: (r.source as 'store') ?? 'import',
                merchantId,
              })),
            );
          } else {
            await tx.insert(articles).values(
              batch.map((r) => {
                const a = r as z.output<typeof articleFields>;
                return {
                  ...a,
                  body: sanitizeArticleHtml(a.body),
                  publishedAt: a.status === 'published' ? new Date() : null,
                  merchantId,
                  createdBy: request.auth!.adminId,
                };
              }),
            );
          }
        }
        await recordOperation(tx, actorOf(request), {
          action: `import.${kind}`,
          targetType: kind === 'customers' ? 'customer' : 'article',
          detail: {
            imported: parsed.rows.length,
            skipped: parsed.total - parsed.rows.length,
            articleType,
          },
        });
      });
      return ok({ ...report, imported: parsed.rows.length });
    },
  );

  app.post(
    '/admin/import/template',
    {
      config: { permission: 'data-helper' },
      schema: { body: z.object({ kind: z.enum(IMPORT_KINDS) }) },
    },
    async (request, reply) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(request.body.kind);
      const columns = COLUMNS[request.body.kind];
      sheet.columns = columns.map((c) => ({ header: c.header, key: c.field, width: 16 }));
      sheet.getRow(1).font = { bold: true };
      sheet.addRow(
        request.body.kind === 'customers'
          ? ['张三', '13800000000', '男', '门店', 'VIP，老客', 3, '268.50', '2026-01-01', '']
          : ['示例标题', '一句话摘要', '小王', '<p>正文</p>', 0, '草稿'],
      );
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="import-${request.body.kind}.xlsx"`)
        .send(buffer);
    },
  );
};

export default importRoutes;
