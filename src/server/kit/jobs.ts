import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { registerGauge } from './metrics';

/**
 * The job queue: background work on the application database (PostgreSQL or PGlite), so that it
 * survives a restart and several instances share it. A job is a row of `jobs`: queued until its
 * `run_at`, claimed by one worker with FOR UPDATE SKIP LOCKED, retried with a doubling delay
 * until its attempts run out, then kept as failed with its error. A worker that dies mid-job
 * (kill -9) lets it go when its lock runs out, and another takes it up: handlers must be
 * idempotent. Each module registers its handlers by name (`context.jobs.register`).
 *
 * Written here rather than taken from pg-boss: pg-boss runs on PGlite only through a hand-made
 * client that inlines every parameter into the SQL (timgit/pg-boss#563), and keeps a schema of
 * its own outside our migrations, backups and tests.
 */

export interface EnqueueOptions {
  /** The merchant whose work it is: its job list shows the job (none for the platform's own). */
  merchantId?: number;
  /** When it may run (default now). */
  runAt?: Date;
  /** Or: this many ms from now. */
  delayMs?: number;
  /**
   * While a queued or running job of the same name holds this key, another is not added
   * (enqueue answers null).
   */
  dedupeKey?: string;
  /** Attempts before it is kept as failed (default 5). */
  maxAttempts?: number;
  /** The first retry's delay in ms (default 1000); each further one doubles, up to an hour. */
  backoffMs?: number;
}

export interface JobContext<P> {
  id: number;
  name: string;
  payload: P;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
  /** Records how far it has come (shown to whoever waits) and keeps the job's lock. */
  progress(value: unknown): Promise<void>;
}

/** Answered by a handler: run the job again in `delayMs`, not counting this as an attempt. */
export class RunAgain {
  constructor(readonly delayMs: number) {}
}

// biome-ignore lint/suspicious/noExplicitAny: each handler types its own payload.
export type JobHandler<P = any> = (job: JobContext<P>) => Promise<unknown>;

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs (ms). */
  pollMs?: number;
  /** Jobs one instance runs at once. */
  concurrency?: number;
  /** How long a claimed job stays with its worker without news (ms). */
  lockMs?: number;
  onError?(error: unknown, context: { job?: string }): void;
}

export interface JobRow {
  id: number;
  name: string;
  payload: unknown;
  state: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  maxAttempts: number;
  progress: unknown;
  result: unknown;
  error: string | null;
}

const MAX_BACKOFF_MS = 3_600_000;
const CLEANUP_EVERY_MS = 10 * 60_000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export class JobQueue {
  readonly worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly lockMs: number;
  private timer: NodeJS.Timeout | undefined;
  /** When the pending timer fires (ms since the epoch). */
  private timerAt = Infinity;
  private running: Promise<void> | undefined;
  /** When the earliest job queued while a tick ran is due (ms since the epoch). */
  private wokenFor: number | undefined;
  private started = false;
  private stopping = false;
  private lastCleanup = 0;
  private unregisterGauges: (() => void)[] = [];

  constructor(
    private readonly db: Database,
    private readonly options: JobQueueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.concurrency = options.concurrency ?? 4;
    this.lockMs = options.lockMs ?? 60_000;
  }

  /** Runs jobs named `name` with `handler` (one handler per name). */
  register<P>(name: string, handler: JobHandler<P>) {
    if (this.handlers.has(name)) throw new Error(`job ${name} has a handler already`);
    this.handlers.set(name, handler as JobHandler);
  }

  /**
   * Adds a job; on `ex` (a transaction) it exists only if that commits. Answers its id, or null
   * when a job with the same dedupe key is queued or running.
   */
  async enqueue(
    name: string,
    payload: unknown = {},
    options: EnqueueOptions = {},
    ex: Executor = this.db,
  ): Promise<number | null> {
    const runAt = options.runAt ?? new Date(Date.now() + (options.delayMs ?? 0));
    const rows = rowsOf<{ id: number }>(
      await ex.execute(sql`
        insert into jobs (merchant_id, name, payload, dedupe_key, run_at, max_attempts, backoff_ms)
        values (${options.merchantId ?? null}, ${name}, ${JSON.stringify(payload)}::jsonb,
                ${options.dedupeKey ?? null},
                ${runAt.toISOString()}::timestamptz, ${options.maxAttempts ?? 5},
                ${options.backoffMs ?? 1000})
        on conflict (name, dedupe_key) where dedupe_key is not null and state in ('queued', 'running')
        do nothing
        returning id`),
    );
    if (rows[0] && ex === this.db) this.wake(runAt);
    return rows[0] ? Number(rows[0].id) : null;
  }

  /** One job as it stands. */
  async get(id: number): Promise<JobRow | undefined> {
    return rowsOf<JobRow>(
      await this.db.execute(sql`
        select id, name, payload, state, attempts, max_attempts as "maxAttempts", progress,
               result, error
        from jobs where id = ${id}`),
    )[0];
  }

  /** Jobs by name and state (the metrics' readings). */
  async counts(): Promise<{ name: string; state: string; count: number }[]> {
    return rowsOf<{ name: string; state: string; count: number }>(
      await this.db.execute(
        sql`select name, state, count(*)::int as count from jobs group by name, state`,
      ),
    ).map((row) => ({ ...row, count: Number(row.count) }));
  }

  /** Starts this instance's worker: it polls for due jobs until stop(). */
  start() {
    if (this.started || this.stopping) return;
    this.started = true;
    this.unregisterGauges.push(
      registerGauge({
        name: 'job_queue_depth',
        help: 'Jobs queued or running, by job name',
        labelNames: ['name'] as const,
        read: async () =>
          (await this.counts())
            .filter((c) => c.state === 'queued' || c.state === 'running')
            .map((c) => ({ labels: { name: c.name }, value: c.count })),
      }),
      registerGauge({
        name: 'job_queue_failed',
        help: 'Jobs that used up their attempts and are kept with their error, by job name',
        labelNames: ['name'] as const,
        read: async () =>
          (await this.counts())
            .filter((c) => c.state === 'failed')
            .map((c) => ({ labels: { name: c.name }, value: c.count })),
      }),
    );
    this.schedule(0);
  }

  /** Stops polling and waits for the jobs in hand to finish. */
  async stop() {
    this.stopping = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
    for (const unregister of this.unregisterGauges) unregister();
    this.unregisterGauges = [];
    await this.running;
  }

  /**
   * Claims the due jobs this instance has handlers for (up to its concurrency) and runs them;
   * answers how many ran. The worker calls it; tests call it to run what is due now.
   */
  async runDue(): Promise<number> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return 0;
    const claimed = rowsOf<JobRow & { backoffMs: number }>(
      await this.db.execute(sql`
        with next as (
          select id from jobs
          where name in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )})
            and ((state = 'queued' and run_at <= now())
              or (state = 'running' and locked_until < now()))
          order by run_at, id
          limit ${this.concurrency}
          for update skip locked
        )
        update jobs set state = 'running', attempts = jobs.attempts + 1,
          locked_by = ${this.worker},
          locked_until = now() + ${this.lockMs} * interval '1 millisecond', updated_at = now()
        from next where jobs.id = next.id
        returning jobs.id, jobs.name, jobs.payload, jobs.attempts,
          jobs.max_attempts as "maxAttempts"`),
    );
    await Promise.all(claimed.map((job) => this.run(job)));
    return claimed.length;
  }

  /**
   * Runs due jobs until none is left, and waits for those this instance's worker has in hand
   * (tests: a job the worker claimed first is not left running when drain returns).
   */
  async drain(): Promise<void> {
    for (;;) {
      if (this.running) await this.running;
      else if ((await this.runDue()) === 0 && !this.running) return;
    }
  }

  private async run(job: JobRow) {
    const id = Number(job.id);
    const mine = sql`id = ${id} and locked_by = ${this.worker}`;
    // A worker died with it more often than it may be tried.
    if (job.attempts > job.maxAttempts) {
      await this.db.execute(sql`
        update jobs set state = 'failed', finished_at = now(), updated_at = now(),
          locked_by = null, locked_until = null,
          error = coalesce(error, 'the worker stopped while running it')
        where ${mine}`);
      return;
    }
    const handler = this.handlers.get(job.name)!;
    try {
      const result = await handler({
        id,
        name: job.name,
        payload: job.payload,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        progress: async (value) => {
          await this.db.execute(sql`
            update jobs set progress = ${JSON.stringify(value ?? null)}::jsonb, updated_at = now(),
              locked_until = now() + ${this.lockMs} * interval '1 millisecond'
            where ${mine}`);
        },
      });
      if (result instanceof RunAgain) {
        await this.finish(
          mine,
          // Truncated to the millisecond the column keeps: rounded up, a job asked to run again
          // at once would not yet be due for the next look within the same half millisecond.
          sql`state = 'queued', attempts = attempts - 1,
            run_at = date_trunc('milliseconds', now() + ${result.delayMs} * interval '1 millisecond')`,
        );
        return;
      }
      await this.finish(
        mine,
        sql`state = 'done', finished_at = now(), error = null,
          result = ${JSON.stringify(result ?? null)}::jsonb`,
      );
    } catch (error) {
      this.options.onError?.(error, { job: job.name });
      const retry = sql`attempts < max_attempts`;
      await this.finish(
        mine,
        sql`state = case when ${retry} then 'queued' else 'failed' end,
          run_at = case when ${retry}
            then date_trunc('milliseconds', now()
              + least(backoff_ms * power(2, least(attempts - 1, 22)), ${MAX_BACKOFF_MS})
              * interval '1 millisecond')
            else run_at end,
          finished_at = case when ${retry} then null else now() end,
          error = ${message(error)}`,
      );
    }
  }

  private finish(mine: SQL, set: SQL) {
    return this.db.execute(sql`
      update jobs set ${set}, locked_by = null, locked_until = null, updated_at = now()
      where ${mine}`);
  }

  /** Looks again soon when a job was added that is due before the next poll. */
  private wake(runAt: Date) {
    if (!this.started || this.stopping) return;
    const delay = Math.max(0, runAt.getTime() - Date.now());
    if (delay >= this.pollMs) return;
    // Mid-tick, the tick may have looked before this job was there: it looks again when the job
    // is due once done, instead of a whole poll later.
    if (this.running) this.wokenFor = Math.min(this.wokenFor ?? Infinity, runAt.getTime());
    // Only ever sooner: a job due later must not put off the look for one due now.
    else if (Date.now() + delay < this.timerAt) this.schedule(delay);
  }

  private schedule(delayMs: number) {
    clearTimeout(this.timer);
    this.timerAt = Date.now() + delayMs;
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick() {
    this.timer = undefined;
    this.timerAt = Infinity;
    if (this.stopping || this.running) return;
    let ran = 0;
    this.running = (async () => {
      try {
        ran = await this.runDue();
        if (Date.now() - this.lastCleanup > CLEANUP_EVERY_MS) {
          this.lastCleanup = Date.now();
          // Done jobs are kept a week, failed ones a month.
          await this.db.execute(sql`
            delete from jobs where (state = 'done' and finished_at < now() - interval '7 days')
              or (state = 'failed' and finished_at < now() - interval '30 days')`);
        }
      } catch (error) {
        this.options.onError?.(error, {});
      }
    })();
    await this.running;
    this.running = undefined;
    // A full batch: more may be waiting. A job queued while this tick ran: when it is due.
    const woken = this.wokenFor;
    this.wokenFor = undefined;
    if (this.stopping) return;
    if (ran > 0) this.schedule(0);
    else if (woken !== undefined) this.schedule(Math.max(0, woken - Date.now()));
    else this.schedule(this.pollMs);
  }
}
