import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, ref, timestamps } from './columns';
import { merchantListIndex, merchants } from './merchant';

/**
 * The job queue (kit/jobs.ts): background work on the application database, shared by every
 * instance (claimed with FOR UPDATE SKIP LOCKED). A job is queued until its run_at, running while
 * a worker holds it (until locked_until: a worker that dies lets it go), then done or failed. A
 * merchant's jobs are its screen /job-list (the `job` resource): a failed one is tried again or
 * discarded there.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    /**
     * The merchant whose work it is (its screen /job-list shows it); null for the platform's own
     * (the sandboxes', a sweep over every merchant).
     */
    merchantId: ref('merchant_id').references(() => merchants.id),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** At most one queued or running job of a name holds the same key. */
    dedupeKey: text('dedupe_key'),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: at('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** The first retry's delay; each further one doubles it. */
    backoffMs: integer('backoff_ms').notNull().default(1000),
    lockedBy: text('locked_by'),
    lockedUntil: at('locked_until'),
    progress: jsonb('progress'),
    result: jsonb('result'),
    /** The last attempt's error (kept on a failed job). */
    error: text('error'),
    ...timestamps(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt, t.id).where(sql`${t.state} = 'queued'`),
    index('jobs_running_idx').on(t.lockedUntil).where(sql`${t.state} = 'running'`),
    index('jobs_finished_idx').on(t.state, t.finishedAt),
    merchantListIndex('jobs_list_created_idx', t, t.createdAt),
    // The dashboard's to-do: the merchant's failed jobs, counted.
    index('jobs_failed_idx').on(t.merchantId).where(sql`${t.state} = 'failed'`),
    uniqueIndex('jobs_dedupe_key')
      .on(t.name, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null and ${t.state} in ('queued', 'running')`),
  ],
);
