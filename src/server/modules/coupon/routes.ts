import Big from 'big.js';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stateOf } from '../../../shared/coupon';
import { INVITE_CODE } from '../../../shared/extension';
import { message } from '../../../shared/messages';
import { maskPhone } from '../../../shared/resource';
import { customer } from '../../../shared/resources/customer';
import { shopCoupons } from '../../../shared/shop';
import type { AppContext } from '../../context';
import { coupons, customerCoupons } from '../../db/schema/coupon';
import { customers } from '../../db/schema/customer';
import { merchants } from '../../db/schema/merchant';
import { shopIdentities } from '../../db/schema/shop-identity';
import { fieldError, notFound } from '../../errors';
import { customerKey } from '../../kit/customer-key';
import { escapeLike } from '../../kit/filters';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';
import { phoneKey, requireVerifiedPhone, verifiedPhone } from '../shop-identity/service';
import { couponConflict, handOut, lockCoupon } from './service';

/** Who may see (and so search) a customer's whole phone number. */
const PHONE_PERMISSION = customer.fields.phone.masked;

const merchantParam = z.object({ merchantId: z.coerce.number().int().positive() });
const token = z.string().min(32).max(64);

const historyRow = z.object({
  id: z.number(),
  customerName: z.string(),
  source: z.enum(['issued', 'claimed']),
  /** An issued coupon's redeem code, while no storefront customer holds it. */
  code: z.string(),
  state: z.enum(['unused', 'used', 'expired']),
  createdAt: z.string(),
  validUntil: z.string(),
  orderNo: z.string(),
  usedAt: z.string().nullable(),
});

type CouponRow = typeof coupons.$inferSelect;
const offerOf = (row: CouponRow) => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  threshold: new Big(row.threshold).toFixed(2),
  value: new Big(row.value).toFixed(2),
  scope: row.scope,
  categoryIds: row.categoryIds,
  productIds: row.productIds,
  stackable: row.stackable,
});

/**
 * Beside the derived calls of /coupon-list: issuing a coupon to chosen customers, the customers to
 * choose from, and a coupon's issue-and-use history; in the storefront, the coupons a customer may
 * claim and holds, and claiming one. Claiming needs the customer's verified phone: the coupons
 * claimed are held by the phone (every device verified with it sees them), and its limit counts
 * per phone, not per token a device makes up. Counts are taken under the coupon's row lock, so
 * two claims at once never pass its total or a customer's limit.
 */
export const couponRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const tags = ['coupon'];
  const issuePermission = { permission: 'coupon-list.issue' };

  app.post(
    '/admin/coupon/customers',
    {
      config: issuePermission,
      schema: {
        tags,
        body: z.object({ keyword: z.string().trim().max(40).default('') }).strict(),
        response: {
          200: envelopeOf(
            z.array(z.object({ id: z.number(), name: z.string(), phone: z.string() })),
          ),
        },
      },
    },
    async (request) => {
      const { keyword } = request.body;
      // The phone is searched and shown whole only for an account that may see it (as on the
      // customer list): matching masked digits would tell them one search at a time.
      const seesPhone = can(request.auth, PHONE_PERMISSION);
      const like = `%${escapeLike(keyword)}%`;
      const rows = await db
        .select({ id: customers.id, name: customers.name, phone: customers.phone })
        .from(customers)
        .where(
          and(
            eq(customers.merchantId, request.auth!.merchantId),
            keyword
              ? or(
                  ilike(customers.name, like),
                  seesPhone ? ilike(customers.phone, like) : undefined,
                )
              : undefined,
          ),
        )
        .orderBy(desc(customers.id))
        .limit(50);
      return ok(
        rows.map((row) => ({ ...row, phone: seesPhone ? row.phone : maskPhone(row.phone) })),
      );
    },
  );

  app.post(
    '/admin/coupon/issue',
    {
      config: issuePermission,
      schema: {
        tags,
        body: z
          .object({
            id: z.number().int().positive(),
            customerIds: z.array(z.number().int().positive()).max(200),
          })
          .strict(),
        response: { 200: envelopeOf(z.object({ count: z.number() })) },
      },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const ids = [...new Set(request.body.customerIds)];
      if (ids.length === 0)
        throw fieldError('customerIds', message('coupon:errors.noCustomers' as never));
      return db.transaction(async (tx) => {
        const row = await lockCoupon(tx, merchantId, request.body.id);
        const chosen = await tx
          .select({ id: customers.id, name: customers.name, phone: customers.phone })
          .from(customers)
          .where(and(eq(customers.merchantId, merchantId), inArray(customers.id, ids)));
        if (chosen.length !== ids.length) throw notFound(message('record.noun.record'));
        // A customer whose phone the storefront has verified (a buyer there) holds the coupon by
        // that phone at once, as a claimed one; any other has it by its code, sent to them.
        const phones = [...new Set(chosen.map((c) => c.phone).filter(Boolean))];
        const verified = new Set(
          phones.length === 0
            ? []
            : (
                await tx
                  .selectDistinct({ phone: shopIdentities.phone })
                  .from(shopIdentities)
                  .where(
                    and(
                      eq(shopIdentities.merchantId, merchantId),
                      inArray(shopIdentities.phone, phones),
                    ),
                  )
              ).map((r) => r.phone),
        );
        const given = await handOut(
          tx,
          row,
          chosen.map((c) => ({
            customerId: c.id,
            customerKey: verified.has(c.phone) ? phoneKey(c.phone) : null,
            customerName: c.name,
          })),
          'issued',
        );
        await recordOperation(tx, actorOf(request), {
          action: 'coupon.issue',
          targetType: 'coupon',
          targetId: row.id,
          detail: { name: row.name, customers: chosen.map((c) => c.name).slice(0, 20) },
        });
        return ok({ count: given.length });
      });
    },
  );

  app.post(
    '/admin/coupon/history',
    {
      config: { permission: 'coupon-list' },
      schema: {
        tags,
        body: z.object({ id: z.number().int().positive() }).strict(),
        response: { 200: envelopeOf(z.array(historyRow)) },
      },
    },
    async (request) => {
      const [row] = await db
        .select({ id: coupons.id })
        .from(coupons)
        .where(
          and(eq(coupons.id, request.body.id), eq(coupons.merchantId, request.auth!.merchantId)),
        );
      if (!row) throw notFound(message('coupon:noun' as never));
      const rows = await db
        .select()
        .from(customerCoupons)
        .where(eq(customerCoupons.couponId, row.id))
        .orderBy(desc(customerCoupons.createdAt), desc(customerCoupons.id))
        .limit(500);
      const now = new Date();
      return ok(
        rows.map((r) => ({
          id: r.id,
          // A storefront customer has no name: the start of its key tells customers apart.
          customerName: r.customerName || (r.customerKey ? `#${r.customerKey.slice(0, 6)}` : ''),
          source: r.source,
          code: r.customerKey ? '' : r.code,
          state: stateOf(r, now),
          createdAt: r.createdAt.toISOString(),
          validUntil: r.validUntil.toISOString(),
          orderNo: r.orderNo,
          usedAt: r.usedAt?.toISOString() ?? null,
        })),
      );
    },
  );

  const config = { access: 'public' as const };
  async function merchantOf(merchantId: number) {
    const [merchant] = await db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    if (!merchant) throw notFound();
  }

  app.post(
    '/open/shop/:merchantId/coupons',
    {
      config,
      schema: {
        tags: ['shop'],
        params: merchantParam,
        body: z.object({ token }),
        response: {
          200: envelopeOf(shopCoupons),
        },
      },
    },
    async (request) => {
      const { merchantId } = request.params;
      await merchantOf(merchantId);
      const phone = await verifiedPhone(db, merchantId, request.body.token);
      // Held by the device (a code redeemed before verifying) or by the verified phone.
      const keys = [customerKey(request.body.token), ...(phone ? [phoneKey(phone)] : [])];
      const now = new Date();
      const [open, claimed, mine] = await Promise.all([
        db
          .select()
          .from(coupons)
          .where(
            and(
              eq(coupons.merchantId, merchantId),
              eq(coupons.status, 'active'),
              eq(coupons.claimable, true),
              sql`${coupons.issuedCount} < ${coupons.totalQuantity}`,
              or(eq(coupons.validity, 'days'), isNull(coupons.endAt), gt(coupons.endAt, now)),
            ),
          )
          .orderBy(asc(coupons.id))
          .limit(50),
        // How many of each coupon the phone holds (used or not), against its limit.
        phone
          ? db
              .select({ couponId: customerCoupons.couponId, n: count() })
              .from(customerCoupons)
              .where(
                and(
                  eq(customerCoupons.merchantId, merchantId),
                  eq(customerCoupons.customerKey, phoneKey(phone)),
                ),
              )
              .groupBy(customerCoupons.couponId)
          : [],
        db
          .select({ held: customerCoupons, coupon: coupons })
          .from(customerCoupons)
          .innerJoin(coupons, eq(coupons.id, customerCoupons.couponId))
          .where(
            and(
              eq(customerCoupons.merchantId, merchantId),
              inArray(customerCoupons.customerKey, keys),
            ),
          )
          .orderBy(asc(customerCoupons.validUntil), asc(customerCoupons.id))
          .limit(100),
      ]);
      return ok({
        claimable: open.map((coupon) => ({
          ...offerOf(coupon),
          validity: coupon.validity,
          endAt: coupon.endAt?.toISOString() ?? null,
          validDays: coupon.validDays,
          left: Math.max(
            0,
            coupon.perCustomerLimit - (claimed.find((c) => c.couponId === coupon.id)?.n ?? 0),
          ),
        })),
        mine: mine
          .filter(({ held: h }) => h.validFrom.getTime() <= now.getTime() || h.status === 'used')
          .map(({ held: h, coupon }) => ({
            ...offerOf(coupon),
            id: h.id,
            couponId: coupon.id,
            state: stateOf(h, now),
            validFrom: h.validFrom.toISOString(),
            validUntil: h.validUntil.toISOString(),
            orderNo: h.orderNo,
          })),
      });
    },
  );

  app.post(
    '/open/shop/:merchantId/coupons/claim',
    {
      config,
      schema: {
        tags: ['shop'],
        params: merchantParam,
        body: z.object({ token, couponId: z.number().int().positive() }),
        response: { 200: envelopeOf(z.object({ id: z.number(), validUntil: z.string() })) },
      },
    },
    async (request) => {
      const { merchantId } = request.params;
      await merchantOf(merchantId);
      return db.transaction(async (tx) => {
        const row = await lockCoupon(tx, merchantId, request.body.couponId);
        if (!row.claimable) throw couponConflict('notClaimable');
        const phone = await requireVerifiedPhone(tx, merchantId, request.body.token);
        const [given] = await handOut(
          tx,
          row,
          [{ customerKey: phoneKey(phone), customerName: maskPhone(phone) }],
          'claimed',
        );
        return ok({ id: given!.id, validUntil: given!.validUntil.toISOString() });
      });
    },
  );

  app.post(
    '/open/shop/:merchantId/coupons/redeem',
    {
      config,
      schema: {
        tags: ['shop'],
        params: merchantParam,
        body: z.object({ token, code: z.string().trim().toUpperCase().max(20) }),
        response: { 200: envelopeOf(z.object({ id: z.number(), validUntil: z.string() })) },
      },
    },
    async (request) => {
      const { merchantId } = request.params;
      await merchantOf(merchantId);
      const { code } = request.body;
      if (!INVITE_CODE.test(code)) throw couponConflict('badCode');
      return db.transaction(async (tx) => {
        const [held] = await tx
          .select()
          .from(customerCoupons)
          .where(and(eq(customerCoupons.merchantId, merchantId), eq(customerCoupons.code, code)))
          .for('update');
        if (!held || held.customerKey) throw couponConflict('badCode');
        // Held by the verified phone when there is one, else by this device.
        const phone = await verifiedPhone(tx, merchantId, request.body.token);
        await tx
          .update(customerCoupons)
          .set({ customerKey: phone ? phoneKey(phone) : customerKey(request.body.token) })
          .where(eq(customerCoupons.id, held.id));
        return ok({ id: held.id, validUntil: held.validUntil.toISOString() });
      });
    },
  );
};

export default couponRoutes;
