import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import { idParam } from '../../../shared/list';
import {
  marketplaceOrderParts,
  overviewResult,
  periodBody,
  rankingBody,
  rankingResult,
  sandboxBuyBody,
  settleBody,
  settlement,
  shipBody,
  shipFileRow,
  shipResult,
} from '../../../shared/marketplace-order';
import { messageKey as m, message } from '../../../shared/messages';
import { moneyInput } from '../../../shared/resource-schema';
import { CARRIERS } from '../../../shared/resources/marketplace-order';
import en from '../../../shared/resources/marketplace-order.en';
import zh from '../../../shared/resources/marketplace-order.zh';
import type { AppContext } from '../../context';
import { listings } from '../../db/schema/listing';
import { marketplaceOrders, marketplaceSettlements } from '../../db/schema/marketplace-order';
import { AppError, fieldError, notFound } from '../../errors';
import { checkUnpackedSize, UnpackError } from '../../kit/import/unpacked-size';
import { excel } from '../../kit/libraries';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { sendXlsx } from '../../kit/xlsx-export';
import type { OrderUpdate } from '../../marketplace/marketplace';
import { envelopeOf, ok } from '../../plugins/envelope';
import { ORDERS_IMPORT_JOB } from '../marketplace-account/service';
import { importAmazonOrders, tellAmazon } from './amazon-orders';
import { overview, ranking } from './figures';
import { packingRoutes } from './packing-routes';
import { registerSandboxBuyers, sandboxBuy } from './sandbox-buyers';
import { DELIVER_JOB, ordersOf, PAID_JOB, partsOf, UPDATE_JOB } from './service';
import { registerSettlement, SETTLE_JOB, settlementsOf } from './settlement';

const ROUTE = 'orders-list';
const BASE = '/admin/marketplace-order';
const moved = z.object({ id: z.number(), status: z.string() });
const reasonBody = z.object({
  id: z.number().int().positive(),
  reason: z.string().trim().max(200).default(''),
});
/** A refund says how much (never "all that is left" by leaving it out) and why. */
const refundBody = z.object({
  id: z.number().int().positive(),
  amount: moneyInput,
  reason: z.string().trim().min(1, m('validation.required')).max(200),
});

/** The shipping file's columns, by any of their headers (either language, or the key). */
const FILE_COLUMNS = ['orderNo', 'carrier', 'trackingNo'] as const;
const headerOf = (text: string) =>
  FILE_COLUMNS.find((key) =>
    [key, zh.fields[key], en.fields[key]].some((h) => h.toLowerCase() === text.toLowerCase()),
  );
/** A carrier from what a cell says: its key, or its name in either language. */
const carrierOf = (text: string) =>
  CARRIERS.find(
    (c) =>
      c.toLowerCase() === text.toLowerCase() ||
      zh.enums.carrier[c] === text ||
      en.enums.carrier[c] === text,
  ) ?? text;

/** The most rows a shipping file may hold. */
const FILE_MAX_ROWS = 2000;
const FILE_MAX_BYTES = 2 * 1024 * 1024;

/** A shipping file's rows as text (an .xlsx's first sheet, or a CSV), header first. */
async function fileRows(buffer: Buffer): Promise<string[][]> {
  const isZip = buffer.subarray(0, 2).toString('latin1') === 'PK';
  if (!isZip) {
    const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
    return text
      .split(/\r?\n/)
      .filter((line) => line.trim())
      .map((line) => line.split(/[,\t]/).map((cell) => cell.trim().replace(/^"|"$/g, '')));
  }
  await checkUnpackedSize(buffer, 20 * 1024 * 1024);
  const workbook = new (await excel()).Workbook();
  await workbook.xlsx.read(Readable.from([buffer]));
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(
      values.map((v) =>
        v === null || v === undefined
          ? ''
          : typeof v === 'object' && 'text' in v
            ? String(v.text)
            : String(v),
      ),
    );
  });
  return rows;
}

/**
 * The marketplace orders' calls beside the derived list, detail and export: lines and timeline,
 * shipping (many at once, or by a file), cancelling and refunding, the overview and the ranking,
 * settlements, and the sandbox marketplace's buyer and carrier.
 */
export const marketplaceOrderRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, jobs, config, marketplace } = context;
  const orders = ordersOf(context);
  const tags = ['marketplace-order'];
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 2 } });
  await app.register(packingRoutes, context);

  jobs.register<{ id: number }>(PAID_JOB, (job) => orders.paid(job.payload.id));
  jobs.register<{ merchantId: number; id: number }>(DELIVER_JOB, (job) =>
    orders.delivered(job.payload.merchantId, job.payload.id),
  );
  jobs.register<{ id: number; update: OrderUpdate }>(UPDATE_JOB, async (job) => {
    const [order] = await db
      .select()
      .from(marketplaceOrders)
      .where(eq(marketplaceOrders.id, job.payload.id));
    if (!order) return { gone: true };
    if (order.accountId) return tellAmazon(context, order, job.payload.update);
    await marketplace.updateOrder(order, job.payload.update);
    // The sandbox's carrier brings the parcel after a while (its page delivers at once).
    if (marketplace.name === 'sandbox' && job.payload.update.kind === 'shipment')
      await jobs.enqueue(
        DELIVER_JOB,
        { merchantId: order.merchantId, id: order.id },
        {
          delayMs: config.MARKETPLACE_SANDBOX_DELIVER_MS,
          dedupeKey: String(order.id),
          merchantId: order.merchantId,
        },
      );
    return { told: job.payload.update.kind };
  });
  jobs.register<{ accountId: number; once?: boolean }>(ORDERS_IMPORT_JOB, (job) =>
    importAmazonOrders(context, job.payload.accountId, job.payload.once),
  );
  registerSettlement(context);
  const buyers = registerSandboxBuyers(context);
  if (config.JOBS === 'on') app.addHook('onReady', async () => void (await buyers.start()));

  app.post(
    `${BASE}/parts`,
    {
      config: { permission: ROUTE },
      schema: { tags, body: idParam, response: { 200: envelopeOf(marketplaceOrderParts) } },
    },
    async (request) => ok(await partsOf(db, request.auth!.merchantId, request.body.id)),
  );

  app.post(
    `${BASE}/ship`,
    {
      config: { permission: `${ROUTE}.ship` },
      schema: { tags, body: shipBody, response: { 200: envelopeOf(shipResult) } },
    },
    async (request) => ok(await orders.ship(actorOf(request), request.body.shipments)),
  );

  // A file of shipments (order number, carrier, tracking number): every good row ships, and
  // every other is answered with its row number and why.
  app.post(
    `${BASE}/ship-file`,
    {
      config: { permission: `${ROUTE}.ship` },
      schema: { tags, response: { 200: envelopeOf(shipResult) } },
    },
    async (request) => {
      if (!request.isMultipart()) throw fieldError('file', message('upload.multipart'));
      let buffer: Buffer | undefined;
      try {
        for await (const part of request.parts())
          if (part.type === 'file') buffer = await part.toBuffer();
      } catch {
        throw new AppError(ResultCode.PAYLOAD_TOO_LARGE, message('import.tooLarge'));
      }
      if (!buffer) throw fieldError('file', message('import.chooseFile'));
      let rows: string[][];
      try {
        rows = await fileRows(buffer);
      } catch (error) {
        if (error instanceof UnpackError)
          throw new AppError(ResultCode.PAYLOAD_TOO_LARGE, message('import.tooLarge'));
        throw fieldError('file', message('import.damaged'));
      }
      const [header = [], ...body] = rows;
      const at = FILE_COLUMNS.map((key) => header.findIndex((h) => headerOf(h) === key));
      if (at.some((i) => i < 0))
        throw fieldError(
          'file',
          message('import.headerRow', {
            required: FILE_COLUMNS.map((key) => zh.fields[key]).join('、'),
          }),
        );
      if (body.length > FILE_MAX_ROWS)
        throw fieldError('file', message('import.maxRows', { max: FILE_MAX_ROWS }));
      const merchantId = request.auth!.merchantId;
      const errors: z.infer<typeof shipResult>['errors'] = [];
      const good: { row: number; orderNo: string; carrier: string; trackingNo: string }[] = [];
      for (const [i, cells] of body.entries()) {
        const row = i + 2;
        const parsed = shipFileRow.safeParse({
          orderNo: cells[at[0]!] ?? '',
          carrier: carrierOf(cells[at[1]!] ?? ''),
          trackingNo: cells[at[2]!] ?? '',
        });
        if (!parsed.success) {
          errors.push({
            row,
            orderNo: cells[at[0]!] ?? '',
            reason: `invalid.${String(parsed.error.issues[0]?.path[0] ?? 'orderNo')}`,
          });
          continue;
        }
        good.push({ row, ...parsed.data });
      }
      const found = good.length
        ? await db
            .select({ id: marketplaceOrders.id, orderNo: marketplaceOrders.orderNo })
            .from(marketplaceOrders)
            .where(
              and(
                eq(marketplaceOrders.merchantId, merchantId),
                inArray(
                  marketplaceOrders.orderNo,
                  good.map((g) => g.orderNo),
                ),
              ),
            )
        : [];
      const idOf = new Map(found.map((o) => [o.orderNo, o.id]));
      const shipments = [];
      const places = [];
      for (const g of good) {
        const id = idOf.get(g.orderNo);
        if (id === undefined) errors.push({ row: g.row, orderNo: g.orderNo, reason: 'notFound' });
        else {
          shipments.push({
            id,
            carrier: g.carrier as (typeof CARRIERS)[number],
            trackingNo: g.trackingNo,
          });
          places.push(g.row);
        }
      }
      const result = shipments.length
        ? await orders.ship(actorOf(request), shipments, places)
        : { shipped: 0, errors: [] };
      return ok({
        shipped: result.shipped,
        errors: [...errors, ...result.errors].sort((a, b) => a.row - b.row),
      });
    },
  );

  // The shipping file's template: its headers, in the request's language.
  app.post(
    `${BASE}/ship-template`,
    {
      config: { permission: `${ROUTE}.ship` },
      schema: { tags, body: z.object({}).strict().optional() },
    },
    async (request, reply) => {
      const texts = request.headers['accept-language']?.startsWith('en') ? en : zh;
      let sent = false;
      return sendXlsx(reply, {
        filename: `${texts.shipTemplateFile}.xlsx`,
        sheet: texts.title,
        columns: FILE_COLUMNS.map((key) => ({
          header: texts.fields[key],
          key,
          width: 24,
          value: (row: Record<string, string>) => row[key] ?? '',
        })),
        async nextBatch() {
          if (sent) return [];
          sent = true;
          // The unshipped orders, to fill in.
          const rows = await db
            .select({ orderNo: marketplaceOrders.orderNo })
            .from(marketplaceOrders)
            .where(
              and(
                eq(marketplaceOrders.merchantId, request.auth!.merchantId),
                eq(marketplaceOrders.status, 'unshipped'),
              ),
            )
            .orderBy(asc(marketplaceOrders.shipBy))
            .limit(FILE_MAX_ROWS);
          return rows.map((r) => ({ orderNo: r.orderNo, carrier: '', trackingNo: '' }));
        },
      });
    },
  );

  app.post(
    `${BASE}/cancel`,
    {
      config: { permission: `${ROUTE}.refund` },
      schema: { tags, body: reasonBody, response: { 200: envelopeOf(moved) } },
    },
    async (request) =>
      ok(await orders.cancel(actorOf(request), request.body.id, request.body.reason)),
  );

  app.post(
    `${BASE}/refund`,
    {
      config: { permission: `${ROUTE}.refund` },
      schema: { tags, body: refundBody, response: { 200: envelopeOf(moved) } },
    },
    async (request) =>
      ok(
        await orders.refund(
          actorOf(request),
          request.body.id,
          request.body.amount,
          request.body.reason,
        ),
      ),
  );

  app.post(
    `${BASE}/overview`,
    {
      config: { permission: 'transaction_overview' },
      schema: { tags, body: periodBody, response: { 200: envelopeOf(overviewResult) } },
    },
    async (request) => ok(await overview(db, request.auth!.merchantId, request.body)),
  );

  app.post(
    `${BASE}/ranking`,
    {
      config: { permission: 'order-data-top' },
      schema: { tags, body: rankingBody, response: { 200: envelopeOf(rankingResult) } },
    },
    async (request) => ok(await ranking(db, request.auth!.merchantId, request.body)),
  );

  app.post(
    `${BASE}/settlements`,
    {
      config: { permission: 'transaction_overview' },
      schema: {
        tags,
        body: z.object({}).strict().optional(),
        response: { 200: envelopeOf(z.array(settlement)) },
      },
    },
    async (request) => ok(await settlementsOf(db, request.auth!.merchantId)),
  );

  // Downloads a marketplace's settlement report for a period, by a job, and compares it.
  app.post(
    `${BASE}/settle`,
    {
      config: { permission: 'transaction_overview' },
      schema: {
        tags,
        body: settleBody,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { marketplace: market, site, from, to } = request.body;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(marketplaceSettlements)
          .values({
            merchantId: actor.merchantId,
            marketplace: market,
            site,
            periodFrom: from,
            periodTo: to,
          })
          .returning({ id: marketplaceSettlements.id });
        await jobs.enqueue(
          SETTLE_JOB,
          { id: row!.id },
          { maxAttempts: 5, merchantId: actor.merchantId },
          tx,
        );
        await recordOperation(tx, actor, {
          action: 'marketplace-order.settle',
          targetType: 'marketplace-order',
          detail: { marketplace: market, site, from, to },
        });
        return ok({ id: row!.id });
      });
    },
  );

  if (marketplace.name !== 'sandbox') return;

  // The sandbox marketplace's buyer and carrier: a person plays them from the order list.
  const liveListing = z.object({
    id: z.number(),
    sellerSku: z.string(),
    title: z.string(),
    marketplace: z.string(),
    site: z.string(),
    price: z.string(),
    currency: z.string(),
    stock: z.number(),
  });
  app.post(
    `${BASE}/sandbox/listings`,
    {
      config: { permission: ROUTE },
      schema: {
        tags,
        body: z.object({}).strict().optional(),
        response: { 200: envelopeOf(z.array(liveListing)) },
      },
    },
    async (request) => {
      const rows = await db
        .select({
          id: listings.id,
          sellerSku: listings.sellerSku,
          title: listings.title,
          marketplace: listings.marketplace,
          site: listings.site,
          price: listings.price,
          currency: listings.currency,
          stock: listings.stock,
        })
        .from(listings)
        .where(
          and(
            eq(listings.merchantId, request.auth!.merchantId),
            eq(listings.status, 'active'),
            gt(listings.stock, 0),
            // A listing on a real seller account sells there, not to the sandbox's buyer.
            isNull(listings.accountId),
          ),
        )
        .orderBy(desc(listings.updatedAt))
        .limit(200);
      return ok(rows);
    },
  );

  app.post(
    `${BASE}/sandbox/buy`,
    {
      config: { permission: ROUTE },
      schema: {
        tags,
        body: sandboxBuyBody,
        response: { 200: envelopeOf(z.object({ id: z.number(), orderNo: z.string() })) },
      },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const { listingId, quantity, buyer } = request.body;
      return db.transaction(async (tx) => {
        const [listing] = await tx
          .select()
          .from(listings)
          .where(
            and(
              eq(listings.id, listingId),
              eq(listings.merchantId, merchantId),
              isNull(listings.accountId),
            ),
          )
          .for('update');
        if (!listing) throw notFound(message('listing:noun'));
        if (listing.status !== 'active' || listing.stock < quantity)
          throw new AppError(
            ResultCode.CONFLICT,
            message('validation.max', { max: listing.status === 'active' ? listing.stock : 0 }),
          );
        const order = await sandboxBuy(tx, { jobs, config }, listing, quantity, buyer);
        return ok({ id: order.id, orderNo: order.orderNo });
      });
    },
  );

  app.post(
    `${BASE}/sandbox/in-transit`,
    {
      config: { permission: ROUTE },
      schema: {
        tags,
        body: z.object({}).strict().optional(),
        response: {
          200: envelopeOf(
            z.array(
              z.object({
                id: z.number(),
                orderNo: z.string(),
                buyer: z.string(),
                carrier: z.string().nullable(),
                trackingNo: z.string(),
              }),
            ),
          ),
        },
      },
    },
    async (request) =>
      ok(
        await db
          .select({
            id: marketplaceOrders.id,
            orderNo: marketplaceOrders.orderNo,
            buyer: marketplaceOrders.buyer,
            carrier: marketplaceOrders.carrier,
            trackingNo: marketplaceOrders.trackingNo,
          })
          .from(marketplaceOrders)
          .where(
            and(
              eq(marketplaceOrders.merchantId, request.auth!.merchantId),
              eq(marketplaceOrders.status, 'shipped'),
            ),
          )
          .orderBy(asc(marketplaceOrders.shippedAt))
          .limit(100),
      ),
  );

  app.post(
    `${BASE}/sandbox/deliver`,
    {
      config: { permission: ROUTE },
      schema: { tags, body: idParam, response: { 200: envelopeOf(moved) } },
    },
    async (request) => {
      const order = await orders.delivered(request.auth!.merchantId, request.body.id);
      if (!order)
        throw new AppError(ResultCode.CONFLICT, message('record.cannotMove', { count: 1 }));
      return ok({ id: order.id, status: order.status });
    },
  );
};

export default marketplaceOrderRoutes;
