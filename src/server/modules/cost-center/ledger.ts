import Big from 'big.js';
import { and, eq, sql } from 'drizzle-orm';
import { type LedgerType, toYuan } from '../../../shared/cost-center';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import { ledgerEntries } from '../../db/schema/cost-center';
import { merchants } from '../../db/schema/merchant';
import { AppError } from '../../errors';
import { type Actor, recordOperation } from '../../kit/operation-log';

export interface PostedEntry {
  id: number;
  amount: string;
  balanceAfter: string;
  /** The reference had been posted before: nothing moved this time. */
  repeated: boolean;
}

/** The balance does not cover a charge. */
export class InsufficientBalance extends AppError {
  constructor(balance: string, amount: string) {
    super(ResultCode.CONFLICT, message('money.balanceShort', { balance, amount }));
  }
}

/** Who moves money when no administrator does: the platform itself, or a gateway. */
export const systemActor = (merchantId: number, who = 'system', ip = ''): Actor => ({
  merchantId,
  adminId: null,
  adminName: who,
  ip,
});

/** A reference posted meanwhile by a concurrent call: this one's move is rolled back. */
class AlreadyPosted extends Error {}

/**
 * Moves a merchant's balance by `amount` (signed yuan) with its ledger entry, in one transaction
 * (a savepoint inside the caller's). The balance changes by one conditional UPDATE that never
 * takes it below zero; its row lock queues concurrent moves of one merchant, and the entry is
 * written under that lock (so entries' ids follow the order the balance moved in). A reference
 * posted before (or by a concurrent call) moves nothing again and answers the first entry.
 * balance = Σ ledger holds after every commit.
 */
export async function postEntry(
  ex: Executor,
  entry: {
    merchantId: number;
    type: LedgerType;
    amount: string;
    reference: string;
    remark?: string;
  },
): Promise<PostedEntry> {
  const amount = toYuan(entry.amount);
  const earlier = async (): Promise<PostedEntry | undefined> => {
    const [before] = await ex
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.merchantId, entry.merchantId),
          eq(ledgerEntries.type, entry.type),
          eq(ledgerEntries.reference, entry.reference),
        ),
      );
    return before
      ? { id: before.id, amount: before.amount, balanceAfter: before.balanceAfter, repeated: true }
      : undefined;
  };
  const before = await earlier();
  if (before) return before;
  try {
    return await ex.transaction(async (tx) => {
      const [moved] = await tx
        .update(merchants)
        .set({ balance: sql`${merchants.balance} + ${amount}::numeric` })
        .where(
          and(
            eq(merchants.id, entry.merchantId),
            sql`${merchants.balance} + ${amount}::numeric >= 0`,
          ),
        )
        .returning({ balance: merchants.balance });
      if (!moved) {
        const [merchant] = await tx
          .select({ balance: merchants.balance })
          .from(merchants)
          .where(eq(merchants.id, entry.merchantId));
        if (!merchant) throw new Error(`no merchant ${entry.merchantId}`);
        throw new InsufficientBalance(merchant.balance, new Big(amount).abs().toFixed(2));
      }
      const [posted] = await tx
        .insert(ledgerEntries)
        .values({
          merchantId: entry.merchantId,
          type: entry.type,
          amount,
          balanceAfter: moved.balance,
          reference: entry.reference,
          remark: entry.remark ?? '',
        })
        .onConflictDoNothing({
          target: [ledgerEntries.merchantId, ledgerEntries.type, ledgerEntries.reference],
        })
        .returning({ id: ledgerEntries.id });
      if (!posted) throw new AlreadyPosted();
      return { id: posted.id, amount, balanceAfter: moved.balance, repeated: false };
    });
  } catch (error) {
    if (!(error instanceof AlreadyPosted)) throw error;
    return (await earlier())!;
  }
}

/**
 * The one way other areas take money from a merchant's balance (buying UPC codes, publishing a
 * mini-program): refused with InsufficientBalance when the balance does not cover it, never
 * below zero however many run at once. `reference` names what is paid for; charging the same
 * reference again answers the first charge (`repeated`) and takes nothing more. Logged in the
 * operation log as the actor's (the platform's when none is given). Pass the caller's
 * transaction to charge together with what is bought.
 */
export function charge(
  ex: Executor,
  merchantId: number,
  amount: string,
  reason: string,
  reference: string,
  actor: Actor = systemActor(merchantId),
): Promise<PostedEntry> {
  return move(ex, 'charge', merchantId, amount, reason, reference, actor);
}

/** Gives back (part of) a charge: `reference` is the refund's own (one refund per reference). */
export function refund(
  ex: Executor,
  merchantId: number,
  amount: string,
  reason: string,
  reference: string,
  actor: Actor = systemActor(merchantId),
): Promise<PostedEntry> {
  return move(ex, 'refund', merchantId, amount, reason, reference, actor);
}

/** A charge (out of the balance) or a refund (back into it), logged once per reference. */
async function move(
  ex: Executor,
  type: 'charge' | 'refund',
  merchantId: number,
  amount: string,
  reason: string,
  reference: string,
  actor: Actor,
): Promise<PostedEntry> {
  const positive = toYuan(amount);
  if (!new Big(positive).gt(0))
    throw new AppError(ResultCode.VALIDATION, message('money.positive'));
  return ex.transaction(async (tx) => {
    const posted = await postEntry(tx, {
      merchantId,
      type,
      amount: type === 'charge' ? new Big(positive).neg().toFixed(2) : positive,
      reference,
      remark: reason,
    });
    if (!posted.repeated)
      await recordOperation(tx, actor, {
        action: `cost-center.${type}`,
        targetType: 'cost-center',
        targetId: posted.id,
        detail: { amount: positive, reason, reference, balance: posted.balanceAfter },
      });
    return posted;
  });
}
