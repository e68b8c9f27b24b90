import Big from 'big.js';
import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moneyString } from '../../../shared/auth';
import { ResultCode } from '../../../shared/envelope';
import { inviteLink } from '../../../shared/extension';
import { message } from '../../../shared/messages';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { merchants } from '../../db/schema/merchant';
import { productOrders } from '../../db/schema/product-order';
import { partnerSettlements, sellingPartners } from '../../db/schema/selling-partner';
import { AppError, fieldError, notFound } from '../../errors';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../kit/db-errors';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { qrPng } from '../../kit/qr-codes';
import { countTry } from '../../kit/tries';
import { envelopeOf, ok } from '../../plugins/envelope';
import { requireVerifiedPhone } from '../shop-identity/service';
import { freshCode } from './hooks';

const idBody = z.object({ id: z.number().int().positive() }).strict();
const settleBody = z
  .object({
    id: z.number().int().positive(),
    until: z.iso.datetime({ offset: true }),
    /** The sum the merchant was shown and confirmed: refused when it is no longer the sum due. */
    amount: moneyString.optional(),
  })
  .strict();
const previewBody = z
  .object({ id: z.number().int().positive(), until: z.iso.datetime({ offset: true }) })
  .strict();
/** What a settlement would pay out now: its orders and sum, in the store's currency (yuan). */
const settleResult = z.object({
  count: z.number(),
  amount: z.string(),
  currency: z.literal('CNY'),
});
/**
 * Approving an applicant with its rate: a rate of 0 (no commission at all) only when the
 * merchant said so (`zero`), so that nobody is approved at 0 % for want of being asked.
 */
const approveBody = z
  .object({
    id: z.number().int().positive(),
    commissionRate: z
      .string()
      .regex(/^\d{1,2}(\.\d{1,2})?$/)
      .refine((rate) => Number(rate) <= 50),
    zero: z.boolean().default(false),
  })
  .strict();
/**
 * A customer's application in the storefront: the name the merchant will call them by; their
 * phone is the one the device verified.
 */
const applyBody = z
  .object({
    token: z.string().min(32).max(64),
    name: z.string().trim().min(1).max(30),
  })
  .strict();
const inviteResult = z.object({ url: z.string(), png: z.string(), filename: z.string() });
const settlement = z.object({
  id: z.number(),
  until: z.string(),
  orderCount: z.number(),
  amount: z.string(),
  operator: z.string(),
  createdAt: z.string(),
});

/**
 * Beside the derived calls of /selling-partner-list: a partner's invite link with its QR code,
 * and settling its commission up to a moment in one action. A settlement pays out what each of
 * its orders paid before then is due beyond what was paid out already (a refund since makes that
 * negative: taken back), is written once and never changed.
 */
export const sellingPartnerRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config },
) => {
  const tags = ['selling-partner'];
  const originOf = (request: FastifyRequest) =>
    (config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  async function partnerOf(ex: Executor, request: FastifyRequest, id: number, lock = false) {
    const query = ex
      .select()
      .from(sellingPartners)
      .where(
        and(eq(sellingPartners.id, id), eq(sellingPartners.merchantId, request.auth!.merchantId)),
      );
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(message('selling-partner:noun'));
    return row;
  }

  // Applied in the storefront by a customer with a verified phone, once per phone (the phone is
  // unique among the merchant's partners), a few times an hour per address: a pending partner for
  // the merchant to approve (its rate set then).
  app.post(
    '/open/shop/:merchantId/partner/apply',
    {
      config: { access: 'public' as const },
      schema: {
        tags: ['shop'],
        params: z.object({ merchantId: z.coerce.number().int().positive() }),
        body: applyBody,
        response: { 200: envelopeOf(z.object({ status: z.string() })) },
      },
    },
    async (request) => {
      const { merchantId } = request.params;
      const [merchant] = await db
        .select({ id: merchants.id })
        .from(merchants)
        .where(eq(merchants.id, merchantId));
      if (!merchant) throw notFound();
      const phone = await requireVerifiedPhone(db, merchantId, request.body.token);
      const applied = () =>
        fieldError('phone', message('selling-partner:applied' as never), ResultCode.CONFLICT);
      try {
        await db.transaction(async (tx) => {
          const [known] = await tx
            .select({ id: sellingPartners.id })
            .from(sellingPartners)
            .where(
              and(eq(sellingPartners.merchantId, merchantId), eq(sellingPartners.phone, phone)),
            );
          if (known) throw applied();
          const wait = await countTry(tx, 'apply.ip', `${merchantId}:${request.ip}`, [
            { max: config.SHOP_APPLICATIONS_PER_IP_HOUR, windowMs: 3_600_000 },
          ]);
          if (wait > 0)
            throw new AppError(
              ResultCode.TOO_MANY_REQUESTS,
              message('selling-partner:tooMany' as never, { minutes: Math.ceil(wait / 60_000) }),
            );
          await tx.insert(sellingPartners).values({
            merchantId,
            name: request.body.name,
            phone,
            inviteCode: await freshCode(tx, merchantId),
          });
        });
      } catch (error) {
        if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
        throw applied();
      }
      return ok({ status: 'pending' });
    },
  );

  app.post(
    '/admin/selling-partner/invite',
    {
      config: { permission: 'selling-partner-list' },
      schema: { tags, body: idBody, response: { 200: envelopeOf(inviteResult) } },
    },
    async (request) => {
      const row = await partnerOf(db, request, request.body.id);
      if (row.status !== 'approved')
        throw new AppError(
          ResultCode.CONFLICT,
          message('selling-partner:notApproved' as never, { name: row.name }),
          409,
        );
      const url = inviteLink(originOf(request), row.merchantId, row.inviteCode);
      const png = await qrPng(url);
      return ok({
        url,
        png: `data:image/png;base64,${png.toString('base64')}`,
        filename: `${row.name}-${row.inviteCode}.png`,
      });
    },
  );

  /** The partner's orders paid before `until` whose commission is not all paid out, and the sum. */
  async function dueOf(
    ex: Executor,
    partner: { id: number; merchantId: number },
    until: Date,
    lock: boolean,
  ) {
    const query = ex
      .select({
        id: productOrders.id,
        commission: productOrders.commission,
        settled: productOrders.commissionSettled,
      })
      .from(productOrders)
      .where(
        and(
          eq(productOrders.merchantId, partner.merchantId),
          eq(productOrders.partnerId, partner.id),
          ne(productOrders.commissionStatus, 'none'),
          ne(productOrders.commission, productOrders.commissionSettled),
          lt(productOrders.paidAt, until),
        ),
      );
    const due = lock ? await query.for('update') : await query;
    const amount = due.reduce(
      (sum, order) => sum.plus(order.commission).minus(order.settled),
      new Big(0),
    );
    return { due, amount };
  }

  // What the settlement dialog shows before it is confirmed.
  app.post(
    '/admin/selling-partner/settle-preview',
    {
      config: { permission: 'selling-partner-list.settle' },
      schema: { tags, body: previewBody, response: { 200: envelopeOf(settleResult) } },
    },
    async (request) => {
      const partner = await partnerOf(db, request, request.body.id);
      const { due, amount } = await dueOf(db, partner, new Date(request.body.until), false);
      return ok({ count: due.length, amount: amount.toFixed(2), currency: 'CNY' as const });
    },
  );

  app.post(
    '/admin/selling-partner/settle',
    {
      config: { permission: 'selling-partner-list.settle' },
      schema: { tags, body: settleBody, response: { 200: envelopeOf(settleResult) } },
    },
    async (request) => {
      const until = new Date(request.body.until);
      return db.transaction(async (tx) => {
        // One settlement of a partner at a time: the second waits and finds nothing left.
        const partner = await partnerOf(tx, request, request.body.id, true);
        const { due, amount } = await dueOf(tx, partner, until, true);
        // An order paid or refunded since the dialog read the sum: the merchant confirms again.
        if (request.body.amount !== undefined && !amount.eq(request.body.amount))
          throw new AppError(
            ResultCode.CONFLICT,
            message('selling-partner:settleChanged' as never, { amount: amount.toFixed(2) }),
            409,
          );
        if (due.length === 0) return ok({ count: 0, amount: '0.00', currency: 'CNY' as const });
        await tx
          .update(productOrders)
          .set({
            commissionSettled: sql`${productOrders.commission}`,
            commissionStatus: sql`case when ${productOrders.commission} > 0 then 'settled' else 'reversed' end`,
            updatedAt: new Date(),
          })
          .where(
            inArray(
              productOrders.id,
              due.map((order) => order.id),
            ),
          );
        const actor = actorOf(request);
        await tx.insert(partnerSettlements).values({
          merchantId: partner.merchantId,
          partnerId: partner.id,
          until,
          orderCount: due.length,
          amount: amount.toFixed(2),
          operator: actor.adminName,
        });
        await recordOperation(tx, actor, {
          action: 'selling-partner.settle',
          targetType: 'selling-partner',
          targetId: partner.id,
          detail: {
            name: partner.name,
            until: until.toISOString(),
            count: due.length,
            amount: amount.toFixed(2),
          },
        });
        return ok({ count: due.length, amount: amount.toFixed(2), currency: 'CNY' as const });
      });
    },
  );

  // An applicant approved with the rate asked for in the same dialog (the list's 通过).
  app.post(
    '/admin/selling-partner/approve-rate',
    {
      config: { permission: 'selling-partner-list' },
      schema: {
        tags,
        body: approveBody,
        response: { 200: envelopeOf(z.object({ changed: z.number() })) },
      },
    },
    async (request) => {
      const { id, commissionRate, zero } = request.body;
      if (new Big(commissionRate).eq(0) && !zero)
        throw fieldError('commissionRate', message('selling-partner:zeroRate' as never));
      return db.transaction(async (tx) => {
        const partner = await partnerOf(tx, request, id, true);
        if (partner.status !== 'pending')
          throw new AppError(ResultCode.CONFLICT, message('record.cannotMove', { count: 1 }));
        const rate = new Big(commissionRate).toFixed(2);
        await tx
          .update(sellingPartners)
          .set({ status: 'approved', commissionRate: rate, updatedAt: new Date() })
          .where(eq(sellingPartners.id, partner.id));
        await recordOperation(tx, actorOf(request), {
          action: 'selling-partner.approve',
          targetType: 'selling-partner',
          targetId: String(partner.id),
          detail: {
            status: ['pending', 'approved'],
            names: [partner.name],
            count: 1,
            commissionRate: [partner.commissionRate, rate],
          },
        });
        return ok({ changed: 1 });
      });
    },
  );

  app.post(
    '/admin/selling-partner/settlements',
    {
      config: { permission: 'selling-partner-list' },
      schema: { tags, body: idBody, response: { 200: envelopeOf(z.array(settlement)) } },
    },
    async (request) => {
      const partner = await partnerOf(db, request, request.body.id);
      const rows = await db
        .select()
        .from(partnerSettlements)
        .where(
          and(
            eq(partnerSettlements.merchantId, partner.merchantId),
            eq(partnerSettlements.partnerId, partner.id),
          ),
        )
        .orderBy(desc(partnerSettlements.id))
        .limit(200);
      return ok(
        rows.map((row) => ({
          id: row.id,
          until: row.until.toISOString(),
          orderCount: row.orderCount,
          amount: new Big(row.amount).toFixed(2),
          operator: row.operator,
          createdAt: row.createdAt.toISOString(),
        })),
      );
    },
  );
};

export default sellingPartnerRoutes;
