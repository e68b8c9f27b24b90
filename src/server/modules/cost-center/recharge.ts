import { randomInt } from 'node:crypto';
import Big from 'big.js';
import { and, desc, eq } from 'drizzle-orm';
import {
  type PayMethod,
  RECHARGE_TTL_MINUTES,
  type RechargeOrder,
} from '../../../shared/cost-center';
import { ResultCode } from '../../../shared/envelope';
import { clockStamp } from '../../../shared/merchant-clock';
import { message } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { rechargeOrders } from '../../db/schema/cost-center';
import { merchants } from '../../db/schema/merchant';
import { AppError, notFound } from '../../errors';
import { RunAgain } from '../../kit/jobs';
import { type Actor, recordOperation } from '../../kit/operation-log';
import { InvalidNotice, type PaymentNotice } from '../../payment';
import { postEntry, systemActor } from './ledger';

export const RECHARGE_CHECK_JOB = 'cost-center.recharge-check';
/** Where the gateway sends its notifications of recharges. */
export const RECHARGE_NOTIFY_PATH = '/open/cost-center/notify';
/** How often a recharge nobody has heard of is asked after at the gateway. */
const CHECK_EVERY_MS = 60_000;

type OrderRow = typeof rechargeOrders.$inferSelect;

export const toOrder = (row: OrderRow): RechargeOrder => ({
  id: row.id,
  orderNo: row.orderNo,
  amount: row.amount,
  method: row.method,
  status: row.status,
  tradeNo: row.tradeNo,
  qrCode: row.qrCode,
  expiresAt: row.expiresAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** R + the date and time on the merchant's clock (China's) + 6 random digits: unique, and readable on a phone call. */
function orderNumber(now = new Date()) {
  return `R${clockStamp(now)}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** The recharges of one app: created, paid through the gateway, credited once. */
export function rechargeService({ db, payments, jobs, config }: AppContext) {
  const gatewayActor = (merchantId: number, ip = '') =>
    systemActor(merchantId, `gateway:${payments.name}`, ip);

  async function load(merchantId: number, orderNo: string) {
    const [row] = await db
      .select()
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.merchantId, merchantId), eq(rechargeOrders.orderNo, orderNo)));
    if (!row) throw notFound(message('record.noun.recharge'));
    return row;
  }

  /**
   * A recharge: the order and the job that asks the gateway after it are written together, then
   * the gateway's trade is created. A gateway that cannot be reached closes the order.
   */
  async function create(actor: Actor, body: { amount: string; method: PayMethod }) {
    if (payments.name === 'sandbox' && config.SANDBOX_RECHARGE === 'off')
      throw new AppError(ResultCode.CONFLICT, message('money.sandboxRechargeOff'), 409);
    const orderNo = orderNumber();
    const expiresAt = new Date(Date.now() + RECHARGE_TTL_MINUTES * 60_000);
    const order = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(rechargeOrders)
        .values({
          merchantId: actor.merchantId,
          orderNo,
          amount: body.amount,
          method: body.method,
          gateway: payments.name,
          expiresAt,
          adminId: actor.adminId,
        })
        .returning();
      await jobs.enqueue(
        RECHARGE_CHECK_JOB,
        { orderNo },
        {
          delayMs: CHECK_EVERY_MS,
          dedupeKey: orderNo,
          maxAttempts: 20,
          backoffMs: 5000,
          merchantId: actor.merchantId,
        },
        tx,
      );
      await recordOperation(tx, actor, {
        action: 'cost-center.recharge',
        targetType: 'cost-center',
        detail: { orderNo, amount: body.amount, method: body.method },
      });
      return row!;
    });
    const [merchant] = await db
      .select({ name: merchants.name })
      .from(merchants)
      .where(eq(merchants.id, actor.merchantId));
    try {
      const trade = await payments.createTrade({
        outTradeNo: orderNo,
        amount: order.amount,
        subject: '账户余额充值 Balance recharge',
        merchantId: actor.merchantId,
        merchantName: merchant?.name ?? '',
        method: body.method,
        notifyUrl: RECHARGE_NOTIFY_PATH,
        expiresAt,
      });
      const [row] = await db
        .update(rechargeOrders)
        .set({ tradeNo: trade.tradeNo, qrCode: trade.qrCode, updatedAt: new Date() })
        .where(eq(rechargeOrders.id, order.id))
        .returning();
      return toOrder(row!);
    } catch (error) {
      await db
        .update(rechargeOrders)
        .set({ status: 'closed', closedAt: new Date(), updatedAt: new Date() })
        .where(eq(rechargeOrders.id, order.id));
      throw new AppError(ResultCode.INTERNAL, message('money.gatewayDown'), 502, {
        cause: String(error),
      });
    }
  }

  /**
   * What the gateway says of a trade, applied once: paid credits the balance (whatever the
   * order's state: the money was taken), closed ends an order still waiting, a waiting trade
   * changes nothing. The order's row lock orders concurrent notifications; a paid order is
   * credited already. Refused (InvalidNotice) when the trade or the amount is not the order's.
   */
  async function apply(notice: PaymentNotice, ip = ''): Promise<OrderRow> {
    return db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(rechargeOrders)
        .where(eq(rechargeOrders.orderNo, notice.outTradeNo))
        .for('update');
      if (!order) throw new InvalidNotice(`no recharge ${notice.outTradeNo}`);
      if (order.tradeNo && order.tradeNo !== notice.tradeNo)
        throw new InvalidNotice(`trade ${notice.tradeNo} is not the recharge's`);
      if (!new Big(order.amount).eq(notice.amount))
        throw new InvalidNotice(`amount ${notice.amount} is not the recharge's ${order.amount}`);
      const actor = gatewayActor(order.merchantId, ip);
      if (notice.status === 'paid' && order.status !== 'paid') {
        const posted = await postEntry(tx, {
          merchantId: order.merchantId,
          type: 'recharge',
          amount: order.amount,
          reference: order.orderNo,
          remark: `${payments.name} ${notice.tradeNo}`,
        });
        const [paid] = await tx
          .update(rechargeOrders)
          .set({
            status: 'paid',
            tradeNo: notice.tradeNo,
            paidAt: notice.paidAt ?? new Date(),
            updatedAt: new Date(),
          })
          .where(eq(rechargeOrders.id, order.id))
          .returning();
        await recordOperation(tx, actor, {
          action: 'cost-center.recharge-paid',
          targetType: 'cost-center',
          targetId: posted.id,
          detail: {
            orderNo: order.orderNo,
            tradeNo: notice.tradeNo,
            amount: order.amount,
            balance: posted.balanceAfter,
            ...(order.status !== 'created' ? { was: order.status } : {}),
          },
        });
        return paid!;
      }
      if (notice.status === 'closed' && order.status === 'created') {
        const expired = order.expiresAt.getTime() <= Date.now();
        return end(tx, order, expired ? 'expired' : 'closed', actor);
      }
      return order;
    });
  }

  async function end(
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    order: OrderRow,
    status: 'expired' | 'closed',
    actor: Actor,
  ) {
    const [row] = await tx
      .update(rechargeOrders)
      .set({ status, closedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(rechargeOrders.id, order.id), eq(rechargeOrders.status, 'created')))
      .returning();
    if (!row) return order;
    await recordOperation(tx, actor, {
      action: status === 'expired' ? 'cost-center.recharge-expire' : 'cost-center.recharge-close',
      targetType: 'cost-center',
      detail: { orderNo: order.orderNo, amount: order.amount },
    });
    return row;
  }

  /**
   * Asks the gateway how a recharge stands and applies it; at its expiry, closes the trade there
   * first (a payer may have been quicker) and ends the order. Answers the order as it then is.
   */
  async function check(order: OrderRow, actor?: Actor): Promise<OrderRow> {
    if (order.status !== 'created') return order;
    const expired = order.expiresAt.getTime() <= Date.now();
    const trade = expired
      ? await payments.closeTrade(order.orderNo)
      : await payments.queryTrade(order.orderNo);
    if (trade?.status === 'paid' || trade?.status === 'closed')
      return apply({
        notifyId: '',
        tradeNo: trade.tradeNo,
        outTradeNo: trade.outTradeNo,
        amount: trade.amount,
        status: trade.status,
        paidAt: trade.paidAt,
      });
    if (!expired) return order;
    return db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(rechargeOrders)
        .where(eq(rechargeOrders.id, order.id))
        .for('update');
      return end(tx, locked!, 'expired', actor ?? gatewayActor(order.merchantId));
    });
  }

  jobs.register<{ orderNo: string }>(RECHARGE_CHECK_JOB, async (job) => {
    const [order] = await db
      .select()
      .from(rechargeOrders)
      .where(eq(rechargeOrders.orderNo, job.payload.orderNo));
    if (!order) return { status: 'unknown' };
    const now = await check(order);
    if (now.status !== 'created') return { status: now.status };
    // Asked again each minute, and once more at the expiry.
    return new RunAgain(
      Math.max(1000, Math.min(CHECK_EVERY_MS, now.expiresAt.getTime() - Date.now())),
    );
  });

  /** The administrator closes a recharge still waiting (or finds it paid meanwhile). */
  async function close(actor: Actor, orderNo: string) {
    const order = await load(actor.merchantId, orderNo);
    if (order.status !== 'created') return order;
    const trade = await payments.closeTrade(orderNo);
    if (trade?.status === 'paid') return check(order);
    return db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(rechargeOrders)
        .where(eq(rechargeOrders.id, order.id))
        .for('update');
      return end(tx, locked!, 'closed', actor);
    });
  }

  /** One recharge as the pay page follows it; one past its expiry is settled on the spot. */
  async function detail(merchantId: number, orderNo: string) {
    const order = await load(merchantId, orderNo);
    if (order.status === 'created' && order.expiresAt.getTime() <= Date.now()) return check(order);
    return order;
  }

  async function recent(merchantId: number, limit = 10) {
    return db
      .select()
      .from(rechargeOrders)
      .where(eq(rechargeOrders.merchantId, merchantId))
      .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.id))
      .limit(limit);
  }

  return { create, apply, check, close, detail, recent };
}

export type RechargeService = ReturnType<typeof rechargeService>;
