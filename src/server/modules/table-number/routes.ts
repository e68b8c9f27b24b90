import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { message } from '../../../shared/messages';
import { tableQrBody, tableQrResult, tableSheetBody } from '../../../shared/table-number';
import type { AppContext } from '../../context';
import { tableNumbers } from '../../db/schema/table-number';
import { notFound } from '../../errors';
import { fileNameOf, type LabelledCode, qrPng, qrPoster, qrSheet, qrZip } from '../../kit/qr-codes';
import { sendFile } from '../../kit/send-file';
import { storeNameOf } from '../../kit/store-name';
import { render, requestLanguage } from '../../messages';
import { envelopeOf, ok } from '../../plugins/envelope';
import { storeUrl, tableUrl } from './service';

/**
 * Beside the derived calls of /table-number: each table's QR code (a PNG, for the dialog or as a
 * file), every code in a ZIP, and a printable PDF sheet of them all. A code holds the
 * storefront's address for its table: PUBLIC_URL when set, else the address this request came to.
 */
export const tableNumberRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
  const permission = { permission: 'table-number' };
  const tags = ['table-number'];
  const originOf = (request: FastifyRequest) =>
    config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;

  async function oneTable(request: FastifyRequest, id: number) {
    const merchantId = request.auth!.merchantId;
    const [row] = await db
      .select()
      .from(tableNumbers)
      .where(and(eq(tableNumbers.id, id), eq(tableNumbers.merchantId, merchantId)));
    if (!row) throw notFound(message('table-number:noun'));
    return { ...row, url: tableUrl(originOf(request), merchantId, row.id) };
  }

  async function allTables(request: FastifyRequest): Promise<LabelledCode[]> {
    const merchantId = request.auth!.merchantId;
    const rows = await db
      .select()
      .from(tableNumbers)
      .where(eq(tableNumbers.merchantId, merchantId))
      .orderBy(asc(tableNumbers.area), asc(tableNumbers.name), asc(tableNumbers.id))
      .limit(2000);
    const origin = originOf(request);
    return rows.map((row) => ({
      area: row.area,
      name: row.name,
      url: tableUrl(origin, merchantId, row.id),
    }));
  }

  app.post(
    '/admin/table-number/qr',
    {
      config: permission,
      schema: { tags, body: tableQrBody, response: { 200: envelopeOf(tableQrResult) } },
    },
    async (request) => {
      const table = await oneTable(request, request.body.id);
      const png = await qrPng(table.url);
      return ok({
        url: table.url,
        png: `data:image/png;base64,${png.toString('base64')}`,
        filename: fileNameOf(table),
      });
    },
  );

  app.post(
    '/admin/table-number/qr-png',
    { config: permission, schema: { tags, body: tableQrBody } },
    async (request, reply) => {
      const table = await oneTable(request, request.body.id);
      return sendFile(reply, 'image/png', fileNameOf(table), await qrPng(table.url));
    },
  );

  app.post(
    '/admin/table-number/qr-zip',
    { config: permission, schema: { tags, body: tableSheetBody } },
    async (request, reply) => {
      const title = render(requestLanguage(request), message('table-number:title'));
      return sendFile(
        reply,
        'application/zip',
        `${title}.zip`,
        await qrZip(await allTables(request)),
      );
    },
  );

  app.post(
    '/admin/table-number/qr-sheet',
    { config: permission, schema: { tags, body: tableSheetBody } },
    async (request, reply) => {
      const language = requestLanguage(request);
      const title = render(language, message('table-number:title'));
      // Table cards: each with the store's name over its code and 扫码点餐 under the table's.
      const pdf = await qrSheet(await allTables(request), title, {
        heading: await storeNameOf(db, request.auth!.merchantId),
        footer: render(language, message('table-number:qr.scan')),
      });
      return sendFile(reply, 'application/pdf', `${title}.pdf`, pdf);
    },
  );

  /** The store's own code, without a table: for customers who pick up or have it delivered. */
  async function storeCode(request: FastifyRequest) {
    const merchantId = request.auth!.merchantId;
    const name = await storeNameOf(db, merchantId);
    return { name, url: storeUrl(originOf(request), merchantId) };
  }

  app.post(
    '/admin/table-number/store-qr',
    {
      config: permission,
      schema: { tags, body: tableSheetBody, response: { 200: envelopeOf(tableQrResult) } },
    },
    async (request) => {
      const store = await storeCode(request);
      const png = await qrPng(store.url);
      return ok({
        url: store.url,
        png: `data:image/png;base64,${png.toString('base64')}`,
        filename: `${store.name}.png`,
      });
    },
  );

  app.post(
    '/admin/table-number/store-poster',
    { config: permission, schema: { tags, body: tableSheetBody } },
    async (request, reply) => {
      const store = await storeCode(request);
      const language = requestLanguage(request);
      const pdf = await qrPoster(store.url, {
        title: store.name,
        lines: [render(language, message('table-number:qr.posterLine'))],
        footer: render(language, message('table-number:qr.scan')),
      });
      return sendFile(reply, 'application/pdf', `${store.name}.pdf`, pdf);
    },
  );
};

export default tableNumberRoutes;
