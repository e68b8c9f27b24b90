import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import { IMPORT_KINDS, importReport } from '../../../shared/import';
import {
  type Message,
  type MessageLanguage,
  message,
  messageOfIssue,
} from '../../../shared/messages';
import { importKeyPermission, variantRoute } from '../../../shared/resource';
import { resources } from '../../../shared/resources';
import type { AppContext } from '../../context';
import { AppError, fieldError, forbidden } from '../../errors';
import { render, requestLanguage } from '../../messages';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';
import { actorOf, recordOperation } from '../operation-log';
import { sendXlsx } from '../xlsx-export';
import { type Importer, importerOf } from './importer';
import { addProblems, inspect, type Parsed } from './parse';
import { templateWorkbook } from './template';
import { existingIds, writeRows } from './write';

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
        parsed.existing ?? (await existingIds(db, importer, request.auth!.merchantId, parsed)).size;
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
      const { resource, own } = importer;
      const merchantId = request.auth!.merchantId;
      const there = own.write
        ? new Map<string, number>()
        : await existingIds(db, importer, merchantId, parsed);
      let report = reportOf(importer, parsed, parsed.existing ?? there.size, language);
      const refuse = () => {
        if (parsed.errors.length > 0 && validOnly !== 'true') {
          throw new AppError(
            ResultCode.VALIDATION,
            message('import.problems', { count: parsed.errors.length }),
            400,
            report,
          );
        }
        if (parsed.rows.length === 0) throw fieldError('file', message('import.noValidRows'));
      };
      refuse();
      // The area's work before the write (fetching images): its problems stop the import as the
      // checks' do, before anything is written; what it made goes unless the write commits.
      const prepared = own.prepare
        ? await own.prepare(parsed.rows, { request, merchantId, config })
        : undefined;
      let committed = false;
      let imported = 0;
      let updated = 0;
      try {
        if (prepared && prepared.problems.length > 0) {
          addProblems(parsed, importer, prepared.problems);
          report = reportOf(importer, parsed, parsed.existing ?? there.size, language);
          refuse();
        }
        await db.transaction(async (tx) => {
          if (own.write) {
            ({ imported, updated } = await own.write(parsed.rows, {
              tx,
              request,
              merchantId,
              existing,
              prepared: prepared?.value,
            }));
          } else {
            ({ imported, updated } = await writeRows(importer, parsed, {
              tx,
              request,
              merchantId,
              existing,
              there,
            }));
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
        committed = true;
      } finally {
        await prepared?.finish(committed);
      }
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
      const { buffer, title, en } = await templateWorkbook(importer, language);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="import.xlsx"; filename*=UTF-8''${encodeURIComponent(`${title}-${en ? 'template' : '导入模板'}.xlsx`)}`,
        )
        .send(buffer);
    },
  );
};
