import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { shopTries } from '../db/schema/shop-identity';

/** A limit on tries of one kind by one key: at most `max` within `windowMs`. */
export interface TryLimit {
  max: number;
  windowMs: number;
}

/** The advisory lock space of counted tries (the sign-in's are 1 and 2). */
const TRIES_LOCK = 43;
const DAY = 86_400_000;

/**
 * Counts the storefront's tries of a kind by a key (codes sent to a phone, codes sent from an
 * address, partner applications from an address) against limits, in the caller's transaction
 * and under a transaction-scoped advisory lock on the kind and key, so that tries at once are
 * counted one after the other. Answers the milliseconds until the first limit reached lets a try
 * through again, or 0 when none is reached (the try is then recorded).
 */
export async function countTry(
  tx: Executor,
  kind: string,
  key: string,
  limits: readonly TryLimit[],
  now = new Date(),
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TRIES_LOCK}, hashtext(${`${kind}:${key}`}))`);
  const widest = Math.max(...limits.map((l) => l.windowMs));
  const times = (
    await tx
      .select({ at: shopTries.createdAt })
      .from(shopTries)
      .where(
        and(
          eq(shopTries.kind, kind),
          eq(shopTries.key, key),
          gt(shopTries.createdAt, new Date(now.getTime() - widest)),
        ),
      )
      .orderBy(asc(shopTries.createdAt))
  ).map((row) => row.at.getTime());
  let wait = 0;
  for (const { max, windowMs } of limits) {
    const within = times.filter((at) => at > now.getTime() - windowMs);
    if (within.length >= max)
      wait = Math.max(wait, within[within.length - max]! + windowMs - now.getTime());
  }
  if (wait > 0) return wait;
  // Tries older than a day count for nothing: the key's are cleared as it tries again.
  await tx
    .delete(shopTries)
    .where(
      and(
        eq(shopTries.kind, kind),
        eq(shopTries.key, key),
        lt(shopTries.createdAt, new Date(now.getTime() - DAY)),
      ),
    );
  await tx.insert(shopTries).values({ kind, key, createdAt: now });
  return 0;
}
