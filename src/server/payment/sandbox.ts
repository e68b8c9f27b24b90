import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Big from 'big.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  paymentSandboxKeys,
  paymentSandboxRefunds,
  paymentSandboxTrades,
} from '../db/schema/payment-sandbox';
import type { JobQueue } from '../kit/jobs';
import {
  type CreateTradeInput,
  InvalidNotice,
  type PaymentGateway,
  type PaymentNotice,
  type RefundInput,
  RefundRefused,
  type RefundResult,
  type Trade,
  type TradeStatus,
} from './gateway';

/**
 * The sandbox payment gateway: behaves like a real one, with no account anywhere. It keeps its
 * own books (payment_sandbox_trades), serves its own "scan to pay" page (sandbox-page.ts) where
 * the payer pays or declines, and tells the product of each outcome by a notification signed
 * with HMAC-SHA256 over the sorted fields (as Alipay signs its own), delivered through the job
 * queue: retried with a growing delay until the product answers `success`, sometimes twice, and
 * sometimes with an older state arriving after a newer one (PAYMENT_SANDBOX_CHAOS of the time).
 * An unpaid trade closes when it expires, and the product is told.
 */

type SandboxStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
type SandboxRow = typeof paymentSandboxTrades.$inferSelect;

const STATUS: Record<SandboxStatus, TradeStatus> = {
  WAIT_BUYER_PAY: 'pending',
  TRADE_SUCCESS: 'paid',
  TRADE_CLOSED: 'closed',
};

export const SANDBOX_NOTIFY_JOB = 'payment-sandbox.notify';
export const SANDBOX_EXPIRE_JOB = 'payment-sandbox.expire';

/** The fields of a notification, all strings, `sign` over the others. */
export type SandboxNotification = Record<string, string>;

/** HMAC-SHA256 (hex) of `k=v&…` over the fields but `sign` and `sign_type`, sorted by name. */
export function signFields(fields: Record<string, string>, secret: string): string {
  const text = Object.keys(fields)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(text).digest('hex');
}

export interface SandboxOptions {
  db: Database;
  jobs: JobQueue;
  appId: string;
  /** The signing key; absent = one generated and kept in the database on first use. */
  key?: string;
  /** 0…1: how often a notification is sent twice, and how often an older one follows it. */
  chaos: number;
  /** Delivers a notification to a path or URL; answers the text the product answered. */
  deliver(url: string, body: SandboxNotification): Promise<string>;
  /** Randomness (tests make it certain). */
  random?: () => number;
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly ack = { contentType: 'text/plain; charset=utf-8', body: 'success' };
  private secret: Promise<string> | undefined;

  constructor(private readonly options: SandboxOptions) {
    const { jobs } = options;
    jobs.register<{ tradeNo: string; status: SandboxStatus; notifyId: string }>(
      SANDBOX_NOTIFY_JOB,
      async (job) => {
        const answer = await this.deliver(
          job.payload.tradeNo,
          job.payload.status,
          job.payload.notifyId,
        );
        // Anything but "success" (or no answer at all) is tried again.
        if (answer.trim() !== this.ack.body) throw new Error(`answered ${answer.slice(0, 200)}`);
        return { delivered: true };
      },
    );
    jobs.register<{ tradeNo: string }>(SANDBOX_EXPIRE_JOB, async (job) => {
      const [closed] = await options.db
        .update(paymentSandboxTrades)
        .set({ status: 'TRADE_CLOSED', closeReason: 'expired' })
        .where(
          and(
            eq(paymentSandboxTrades.tradeNo, job.payload.tradeNo),
            eq(paymentSandboxTrades.status, 'WAIT_BUYER_PAY'),
            sql`${paymentSandboxTrades.expiresAt} <= now()`,
          ),
        )
        .returning();
      if (closed) await this.notify(closed, 'TRADE_CLOSED');
      return { closed: !!closed };
    });
  }

  /** The app's signing key (configured, or kept in the database). */
  key(): Promise<string> {
    if (this.options.key) return Promise.resolve(this.options.key);
    this.secret ??= (async () => {
      const { db, appId } = this.options;
      await db
        .insert(paymentSandboxKeys)
        .values({ appId, secret: randomBytes(32).toString('hex') })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(paymentSandboxKeys)
        .where(eq(paymentSandboxKeys.appId, appId));
      return row!.secret;
    })();
    this.secret.catch(() => {
      this.secret = undefined;
    });
    return this.secret;
  }

  async createTrade(input: CreateTradeInput): Promise<Trade> {
    const { db, jobs, appId } = this.options;
    // The app's key exists from its first trade, as a real gateway's does from the account.
    await this.key();
    const tradeNo = `SBX${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(8).toString('hex')}`;
    const [row] = await db
      .insert(paymentSandboxTrades)
      .values({
        tradeNo,
        appId,
        outTradeNo: input.outTradeNo,
        merchantId: input.merchantId,
        amount: input.amount,
        subject: `${input.subject} · ${input.merchantName}`,
        method: input.method,
        notifyUrl: input.notifyUrl,
        expiresAt: input.expiresAt,
      })
      .onConflictDoNothing()
      .returning();
    // The same out_trade_no again: the gateway answers the trade it has.
    const trade = row ?? (await this.find(input.outTradeNo));
    if (!trade) throw new Error('the sandbox could not create the trade');
    if (row) await jobs.enqueue(SANDBOX_EXPIRE_JOB, { tradeNo }, { runAt: input.expiresAt });
    return this.toTrade(trade);
  }

  async queryTrade(outTradeNo: string): Promise<Trade | null> {
    const row = await this.find(outTradeNo);
    return row ? this.toTrade(row) : null;
  }

  async closeTrade(outTradeNo: string): Promise<Trade | null> {
    const [closed] = await this.options.db
      .update(paymentSandboxTrades)
      .set({ status: 'TRADE_CLOSED', closeReason: 'closed' })
      .where(
        and(
          eq(paymentSandboxTrades.appId, this.options.appId),
          eq(paymentSandboxTrades.outTradeNo, outTradeNo),
          eq(paymentSandboxTrades.status, 'WAIT_BUYER_PAY'),
        ),
      )
      .returning();
    // Closed at the product's request: no notification (as real gateways do).
    return closed ? this.toTrade(closed) : this.queryTrade(outTradeNo);
  }

  async verifyNotice({ body }: { headers: Record<string, unknown>; body: unknown }) {
    if (!body || typeof body !== 'object') throw new InvalidNotice('not a notification');
    const fields = body as Record<string, unknown>;
    const strings: SandboxNotification = {};
    for (const [k, v] of Object.entries(fields)) {
      if (typeof v !== 'string') throw new InvalidNotice(`${k} is not text`);
      strings[k] = v;
    }
    if (strings.app_id !== this.options.appId) throw new InvalidNotice('another app');
    const expected = Buffer.from(signFields(strings, await this.key()), 'hex');
    const given = Buffer.from(strings.sign ?? '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new InvalidNotice('bad signature');
    const status = STATUS[strings.trade_status as SandboxStatus];
    if (!status || !/^\d{1,12}\.\d{2}$/.test(strings.total_amount ?? ''))
      throw new InvalidNotice('unreadable notification');
    return {
      notifyId: strings.notify_id ?? '',
      tradeNo: strings.trade_no ?? '',
      outTradeNo: strings.out_trade_no ?? '',
      amount: strings.total_amount!,
      status,
      paidAt: strings.gmt_payment ? new Date(strings.gmt_payment) : null,
    } satisfies PaymentNotice;
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const { db, appId } = this.options;
    return db.transaction(async (tx) => {
      // The trade's row lock orders refunds of one trade.
      const [trade] = await tx
        .select()
        .from(paymentSandboxTrades)
        .where(
          and(
            eq(paymentSandboxTrades.appId, appId),
            eq(paymentSandboxTrades.outTradeNo, input.outTradeNo),
          ),
        )
        .for('update');
      if (!trade) throw new RefundRefused('TRADE_NOT_EXIST');
      const done = await tx
        .select()
        .from(paymentSandboxRefunds)
        .where(eq(paymentSandboxRefunds.tradeNo, trade.tradeNo));
      const total = done.reduce((sum, r) => sum.plus(r.amount), new Big(0));
      const again = done.find((r) => r.outRefundNo === input.outRefundNo);
      if (again)
        return {
          outRefundNo: again.outRefundNo,
          amount: again.amount,
          refundedTotal: total.toFixed(2),
        };
      if (trade.status !== 'TRADE_SUCCESS') throw new RefundRefused('TRADE_STATUS_ERROR');
      const amount = new Big(input.amount);
      if (amount.lte(0) || total.plus(amount).gt(trade.amount))
        throw new RefundRefused('REFUND_AMT_NOT_EQUAL_TOTAL');
      await tx.insert(paymentSandboxRefunds).values({
        appId,
        tradeNo: trade.tradeNo,
        outRefundNo: input.outRefundNo,
        amount: amount.toFixed(2),
        reason: input.reason,
      });
      return {
        outRefundNo: input.outRefundNo,
        amount: amount.toFixed(2),
        refundedTotal: total.plus(amount).toFixed(2),
      };
    });
  }

  /** The sandbox's own page: the trade a payer scanned. */
  async trade(tradeNo: string): Promise<SandboxRow | undefined> {
    const [row] = await this.options.db
      .select()
      .from(paymentSandboxTrades)
      .where(eq(paymentSandboxTrades.tradeNo, tradeNo));
    return row;
  }

  /** The payer pays (or declines) on the sandbox's page; answers the trade as it then stands. */
  async settleByPayer(tradeNo: string, pay: boolean): Promise<SandboxRow | undefined> {
    const [row] = await this.options.db
      .update(paymentSandboxTrades)
      .set(
        pay
          ? { status: 'TRADE_SUCCESS', paidAt: new Date() }
          : { status: 'TRADE_CLOSED', closeReason: 'declined' },
      )
      .where(
        and(
          eq(paymentSandboxTrades.tradeNo, tradeNo),
          eq(paymentSandboxTrades.status, 'WAIT_BUYER_PAY'),
          sql`${paymentSandboxTrades.expiresAt} > now()`,
        ),
      )
      .returning();
    if (row) await this.notify(row, row.status as SandboxStatus);
    return row ?? this.trade(tradeNo);
  }

  /** Queues the notification of a trade's new state, with the sandbox's duplicates and strays. */
  private async notify(row: SandboxRow, status: SandboxStatus) {
    const { jobs, chaos } = this.options;
    const random = this.options.random ?? Math.random;
    const notifyId = randomBytes(12).toString('hex');
    const options = { maxAttempts: 10, backoffMs: 2000 };
    await jobs.enqueue(SANDBOX_NOTIFY_JOB, { tradeNo: row.tradeNo, status, notifyId }, options);
    // The same notification twice.
    if (random() < chaos)
      await jobs.enqueue(
        SANDBOX_NOTIFY_JOB,
        { tradeNo: row.tradeNo, status, notifyId },
        { ...options, delayMs: 1500 },
      );
    // An older state arriving after the newer one: "waiting for payment" after the payment.
    if (random() < chaos)
      await jobs.enqueue(
        SANDBOX_NOTIFY_JOB,
        {
          tradeNo: row.tradeNo,
          status: 'WAIT_BUYER_PAY',
          notifyId: randomBytes(12).toString('hex'),
        },
        { ...options, delayMs: 800 },
      );
  }

  /** Builds, signs and sends one notification; answers what the product answered. */
  async notification(tradeNo: string, status: SandboxStatus, notifyId: string) {
    const row = await this.trade(tradeNo);
    if (!row) throw new Error(`no trade ${tradeNo}`);
    const fields: SandboxNotification = {
      app_id: row.appId,
      notify_id: notifyId,
      notify_time: new Date().toISOString(),
      trade_no: row.tradeNo,
      out_trade_no: row.outTradeNo,
      total_amount: row.amount,
      trade_status: status,
      gmt_payment: status === 'TRADE_SUCCESS' && row.paidAt ? row.paidAt.toISOString() : '',
      sign_type: 'HMAC-SHA256',
    };
    fields.sign = signFields(fields, await this.key());
    return { url: row.notifyUrl, fields };
  }

  private async deliver(tradeNo: string, status: SandboxStatus, notifyId: string) {
    const { url, fields } = await this.notification(tradeNo, status, notifyId);
    return this.options.deliver(url, fields);
  }

  private async find(outTradeNo: string) {
    const [row] = await this.options.db
      .select()
      .from(paymentSandboxTrades)
      .where(
        and(
          eq(paymentSandboxTrades.appId, this.options.appId),
          eq(paymentSandboxTrades.outTradeNo, outTradeNo),
        ),
      );
    return row;
  }

  private toTrade(row: SandboxRow): Trade {
    return {
      tradeNo: row.tradeNo,
      outTradeNo: row.outTradeNo,
      amount: row.amount,
      status: STATUS[row.status],
      paidAt: row.paidAt,
      qrCode: `/sandbox/pay/${row.tradeNo}`,
      expiresAt: row.expiresAt,
    };
  }
}
