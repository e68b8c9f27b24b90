import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { message } from '../../../shared/messages';
import { type ChosenAddon, lineNote } from '../../../shared/product-addons';
import {
  cancelBody,
  orderParts,
  refundBody,
  rejectOrderBody,
  statementBody,
  statementResult,
  waitBody,
  waitResult,
} from '../../../shared/product-order';
import { CONNECTED_KINDS } from '../../../shared/resources/pay-manner';
import en from '../../../shared/resources/product-order.en';
import zh from '../../../shared/resources/product-order.zh';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import {
  productOrderEvents,
  productOrderItems,
  productOrders,
} from '../../db/schema/product-order';
import { AppError, fieldError, notFound } from '../../errors';
import { actorOf } from '../../kit/operation-log';
import { sendXlsx } from '../../kit/xlsx-export';
import { InvalidNotice } from '../../payment';
import { notifyRoute } from '../../payment/notify-route';
import { envelopeOf, ok } from '../../plugins/envelope';
import { merchantGateways } from '../pay-manner/merchant-gateways';
import { nextPaid } from './paid-signal';
import { reprintOrder } from './reprint';
import { merchantNotifyRoute, ORDER_NOTIFY_PATH, ordersOf } from './service';
import { statementOf } from './statement';

const ROUTE = 'product-order';
const moved = z.object({ id: z.number(), status: z.string(), refundStatus: z.string() });

/** How far before the last payment announced the open list's live feed looks again. */
const LOOKBACK_MS = 30_000;
const lookBack = (time: Date) => new Date(time.getTime() - LOOKBACK_MS);

/** An order's lines and timeline. */
export async function partsOf(ex: Executor, orderId: number) {
  const items = await ex
    .select()
    .from(productOrderItems)
    .where(eq(productOrderItems.orderId, orderId))
    .orderBy(asc(productOrderItems.id));
  const events = await ex
    .select()
    .from(productOrderEvents)
    .where(eq(productOrderEvents.orderId, orderId))
    .orderBy(asc(productOrderEvents.id));
  return {
    // The note under a line names its add-ons too (the drawer and the customer's page show it).
    items: items.map(({ orderId: _o, specs: _s, ...item }) => {
      const addons = item.addons as ChosenAddon[];
      return { ...item, addons, specsLabel: lineNote(item.specsLabel, addons) };
    }),
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      actor: e.actor,
      amount: e.amount,
      note: e.note,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

/**
 * The order calls beside the derived list, detail, export and moves: an order's lines and
 * timeline, refunds and their refusal, cancelling an unpaid order, the open list's live feed of
 * paid orders, and the gateway's notifications.
 */
export const productOrderRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, payments } = context;
  const orders = ordersOf(context);
  const tags = [ROUTE];
  const config = { permission: ROUTE };
  /** Deciding refunds (giving money back or refusing) is an action permission of its own. */
  const refunds = { permission: `${ROUTE}.refund` };
  /** The id of one of the merchant's orders, or 404. */
  async function own(request: FastifyRequest, id: number) {
    const [order] = await db
      .select({ id: productOrders.id })
      .from(productOrders)
      .where(and(eq(productOrders.id, id), eq(productOrders.merchantId, request.auth!.merchantId)));
    if (!order) throw notFound(message('product-order:noun'));
    return order.id;
  }
  const answer = (row: { id: number; status: string; refundStatus: string }) =>
    ok({ id: row.id, status: row.status, refundStatus: row.refundStatus });

  app.post(
    '/admin/product-order/parts',
    {
      config,
      schema: {
        tags,
        body: z.object({ id: z.number().int().positive() }),
        response: { 200: envelopeOf(orderParts) },
      },
    },
    async (request) => ok(await partsOf(db, await own(request, request.body.id))),
  );

  app.post(
    '/admin/product-order/refund',
    {
      config: refunds,
      schema: { tags, body: refundBody, response: { 200: envelopeOf(moved) } },
    },
    async (request) => {
      const operator = actorOf(request);
      const { id, amount, reason, lines } = request.body;
      return answer(
        await orders.refund(
          { merchantId: operator.merchantId, name: operator.adminName, operator },
          id,
          amount,
          reason,
          { lines },
        ),
      );
    },
  );

  // 拒单: refused with all its money and stock back (a refund, so the refund permission).
  app.post(
    '/admin/product-order/reject',
    {
      config: refunds,
      schema: { tags, body: rejectOrderBody, response: { 200: envelopeOf(moved) } },
    },
    async (request) => {
      const operator = actorOf(request);
      return answer(
        await orders.refund(
          { merchantId: operator.merchantId, name: operator.adminName, operator },
          request.body.id,
          undefined,
          request.body.reason,
          { reject: true },
        ),
      );
    },
  );

  app.post(
    '/admin/product-order/reprint',
    {
      config,
      schema: {
        tags,
        body: z.object({ id: z.number().int().positive() }),
        response: { 200: envelopeOf(z.object({ printers: z.number() })) },
      },
    },
    async (request) =>
      ok({
        printers: await db.transaction((tx) =>
          reprintOrder(tx, context.jobs, actorOf(request), request.body.id),
        ),
      }),
  );

  app.post(
    '/admin/product-order/statement',
    {
      config,
      schema: { tags, body: statementBody, response: { 200: envelopeOf(statementResult) } },
    },
    async (request) => {
      const { from, to } = request.body;
      // From one day to a later one, a year at most.
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (!(days >= 0 && days <= 366))
        throw fieldError('to', message('product-order:errors.statementRange'));
      return ok(await statementOf(db, request.auth!.merchantId, from, to));
    },
  );

  app.post(
    '/admin/product-order/reject-refund',
    {
      config: refunds,
      schema: { tags, body: cancelBody, response: { 200: envelopeOf(moved) } },
    },
    async (request) =>
      answer(await orders.rejectRefund(actorOf(request), request.body.id, request.body.reason)),
  );

  app.post(
    '/admin/product-order/cancel',
    { config, schema: { tags, body: cancelBody, response: { 200: envelopeOf(moved) } } },
    async (request) =>
      answer(
        await orders.cancel(await own(request, request.body.id), {
          type: 'cancel',
          actor: request.auth!.name,
          note: request.body.reason,
        }),
      ),
  );

  // 营业统计 as an Excel file: one row a day and pay manner, then the total, in the request's language.
  app.post(
    '/admin/product-order/statement-export',
    { config, schema: { tags, body: statementBody } },
    async (request, reply) => {
      const { from, to } = request.body;
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (!(days >= 0 && days <= 366))
        throw fieldError('to', message('product-order:errors.statementRange'));
      const texts = request.headers['accept-language']?.startsWith('en') ? en : zh;
      const result = await statementOf(db, request.auth!.merchantId, from, to);
      const rows = [
        ...result.rows.map((r) => ({
          ...r,
          payManner:
            texts.enums.payManner[r.payManner as keyof typeof texts.enums.payManner] ?? r.payManner,
        })),
        { day: texts.statement.total, payManner: '', ...result.total },
      ];
      let sent = false;
      const money = (v: string) => Number(v);
      return sendXlsx(reply, {
        filename: `${texts.statement.open} ${from}~${to}.xlsx`,
        sheet: texts.statement.open,
        columns: [
          {
            header: texts.statement.day,
            key: 'day',
            width: 14,
            value: (r: (typeof rows)[number]) => r.day,
          },
          {
            header: texts.statement.payManner,
            key: 'payManner',
            width: 18,
            value: (r: (typeof rows)[number]) => r.payManner,
          },
          {
            header: texts.statement.orders,
            key: 'orders',
            width: 12,
            value: (r: (typeof rows)[number]) => r.orders,
          },
          {
            header: texts.statement.takings,
            key: 'takings',
            numFmt: '0.00',
            value: (r: (typeof rows)[number]) => money(r.takings),
          },
          {
            header: texts.statement.refunds,
            key: 'refunds',
            numFmt: '0.00',
            value: (r: (typeof rows)[number]) => money(r.refunds),
          },
          {
            header: texts.statement.net,
            key: 'net',
            numFmt: '0.00',
            value: (r: (typeof rows)[number]) => money(r.net),
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

  // The open list's live feed: answers as soon as a payment is recorded after `since` (at once
  // when this server recorded it; checked twice a second besides, so that any server of several
  // sees the payment another took), or an order to be paid at the counter is placed (the
  // customer is walking to the till: 待收款), else after LIVE_WAIT_SECONDS (25 s). It looks back LOOKBACK_MS before
  // `since` too, for one recorded earlier but committed later (or by a server whose clock is
  // behind), leaving out the orders the list was already told of (`seen` paid, `waiting` unpaid).
  app.post(
    '/admin/product-order/wait',
    { config, schema: { tags, body: waitBody, response: { 200: envelopeOf(waitResult) } } },
    async (request, reply) => {
      const merchantId = request.auth!.merchantId;
      const since = request.body.since ? new Date(request.body.since) : new Date();
      // The first call (the list was just read): what the look back reaches is already shown.
      const shown = <T extends { id: number; recordedAt: Date | null }>(found: T[]) =>
        found.filter((order) => order.recordedAt! <= since).map((order) => order.id);
      const seen = request.body.since
        ? request.body.seen
        : shown(await orders.paidSince(merchantId, lookBack(since), []));
      const waiting = request.body.since
        ? request.body.waiting
        : shown(await orders.counterWaitingSince(merchantId, lookBack(since), []));
      const until = Date.now() + context.config.LIVE_WAIT_SECONDS * 1000;
      // The response's close before it is sent: the list was left (the request's own 'close'
      // comes as soon as its body is read).
      let closed = false;
      reply.raw.once('close', () => {
        closed = true;
      });
      for (;;) {
        const paid = await orders.paidSince(merchantId, lookBack(since), seen);
        const placed = await orders.counterWaitingSince(merchantId, lookBack(since), waiting);
        if (paid.length > 0 || placed.length > 0) {
          const latest = Math.max(
            since.getTime(),
            ...[...paid, ...placed].map((order) => order.recordedAt!.getTime()),
          );
          const now = new Date(latest);
          const recent = (order: { recordedAt: Date | null }) => order.recordedAt! > lookBack(now);
          const told = [
            ...placed.map(({ recordedAt, ...order }) => ({ ...order, recordedAt, unpaid: true })),
            ...paid.map(({ recordedAt, ...order }) => ({ ...order, recordedAt, unpaid: false })),
          ].sort((a, b) => a.recordedAt!.getTime() - b.recordedAt!.getTime() || a.id - b.id);
          return ok({
            now: now.toISOString(),
            // What the next call's look back still reaches, of what the list has now been told
            // (at most the newest 500: an older one told again is a lesser harm than none).
            seen: [
              ...(await orders.recordedAfter(merchantId, seen, lookBack(now))),
              ...paid.filter(recent).map((order) => order.id),
            ].slice(-500),
            waiting: [
              ...(await orders.placedAfter(merchantId, waiting, lookBack(now))),
              ...placed.filter(recent).map((order) => order.id),
            ].slice(-500),
            orders: told.map(({ recordedAt: _r, ...order }) => order),
          });
        }
        if (Date.now() >= until || closed)
          return ok({ now: since.toISOString(), seen, waiting, orders: [] });
        await nextPaid(merchantId, 500);
      }
    },
  );

  notifyRoute(app, payments, ORDER_NOTIFY_PATH, {
    tags,
    apply: (notice) => orders.apply(notice, { payManner: 'sandbox' }),
  });
  // A merchant's own Alipay or WeChat Pay: verified with that merchant's keys, applied to its
  // orders paid that way only.
  const gateways = merchantGateways(context);
  const merchantOf = (request: FastifyRequest) => {
    const id = Number((request.params as { merchantId?: string }).merchantId);
    if (!Number.isSafeInteger(id) || id <= 0) throw new InvalidNotice('no such merchant');
    return id;
  };
  for (const kind of CONNECTED_KINDS)
    notifyRoute(
      app,
      async (request) => {
        const gateway = await gateways.forOrder(merchantOf(request), kind).catch((error: Error) => {
          // None set up for that merchant: not a notification of ours.
          throw error instanceof AppError ? new InvalidNotice(error.message) : error;
        });
        if (!gateway) throw new InvalidNotice(`no ${kind}`);
        return gateway;
      },
      merchantNotifyRoute(kind),
      {
        tags,
        apply: (notice, _ip, request) =>
          orders.apply(notice, { payManner: kind, merchantId: merchantOf(request) }),
      },
    );
};

export default productOrderRoutes;
