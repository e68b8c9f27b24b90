import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema/auth';

/**
 * Ends every open session of an account (disabled, or its password reset or changed), but
 * `keep`. Their next request is told why (the reason); call `forgetAccount` once committed.
 */
export async function revokeSessions(ex: Executor, adminId: number, reason: string, keep?: number) {
  await ex
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        eq(sessions.adminId, adminId),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    );
}
