import { eq } from 'drizzle-orm';
import type { ExtensionStatus } from '../../../shared/extension';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { extensions } from '../../db/schema/extension';
import type { JobQueue } from '../../kit/jobs';

export const CLOCK_JOB = 'extension.clock';

/** A published campaign's status at a moment: before its start, within its period, after. */
export function statusAt(start: Date, end: Date, now = Date.now()): ExtensionStatus {
  if (end.getTime() <= now) return 'ended';
  return start.getTime() <= now ? 'active' : 'scheduled';
}

/** Looks at the campaign again at `at` (its start or its end); once per campaign and moment. */
export async function scheduleClock(
  jobs: JobQueue,
  campaign: { id: number; merchantId: number },
  at: Date,
  ex: Executor,
) {
  const { id, merchantId } = campaign;
  await jobs.enqueue(
    CLOCK_JOB,
    { id },
    { runAt: at, dedupeKey: `${id}@${at.getTime()}`, merchantId },
    ex,
  );
}

/**
 * The clock that moves a published campaign from scheduled to active at its start and to ended
 * at its end (checkout reads the times itself, so a late clock never gives a discount out of
 * its period). Each run reads the row as it is now: dates moved since it was queued are obeyed.
 */
export function registerClock({ db, jobs }: AppContext) {
  jobs.register<{ id: number }>(CLOCK_JOB, (job) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(extensions)
        .where(eq(extensions.id, job.payload.id))
        .for('update');
      if (row?.status !== 'scheduled' && row?.status !== 'active') return { status: row?.status };
      const status = statusAt(row.startAt, row.endAt);
      if (status !== row.status)
        await tx
          .update(extensions)
          .set({ status, updatedAt: new Date() })
          .where(eq(extensions.id, row.id));
      if (status !== 'ended')
        await scheduleClock(jobs, row, status === 'scheduled' ? row.startAt : row.endAt, tx);
      return { status };
    }),
  );
}
