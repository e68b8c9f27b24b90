import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/job';
import { createTestApp, testDatabase } from '../test-support';
import { JobQueue, RunAgain } from './jobs';

let db: Database;
beforeEach(async () => {
  db = (await testDatabase()).db;
  await db.execute(sql`truncate jobs restart identity`);
});

const states = async () =>
  (await db.select().from(jobs).orderBy(jobs.id)).map((j) => ({
    name: j.name,
    state: j.state,
    attempts: j.attempts,
  }));

describe('the job queue', () => {
  it('runs a due job once with its payload and keeps its result and progress', async () => {
    const queue = new JobQueue(db);
    const seen: unknown[] = [];
    queue.register<{ n: number }>('double', async (job) => {
      seen.push(job.payload);
      await job.progress({ done: 1, of: 1 });
      return { doubled: job.payload.n * 2 };
    });
    const id = await queue.enqueue('double', { n: 21 });
    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 21 }]);
    const job = await queue.get(id!);
    expect(job).toMatchObject({
      state: 'done',
      attempts: 1,
      result: { doubled: 42 },
      progress: { done: 1, of: 1 },
    });
  });

  it('waits for run-at, and keeps one queued job per dedupe key', async () => {
    const queue = new JobQueue(db);
    let ran = 0;
    queue.register('later', async () => {
      ran++;
    });
    expect(await queue.enqueue('later', {}, { delayMs: 60_000 })).not.toBeNull();
    expect(await queue.runDue()).toBe(0);
    const first = await queue.enqueue('later', {}, { dedupeKey: 'k' });
    expect(first).not.toBeNull();
    expect(await queue.enqueue('later', {}, { dedupeKey: 'k' })).toBeNull();
    // Another name may hold the same key.
    expect(await queue.enqueue('other', {}, { dedupeKey: 'k' })).not.toBeNull();
    await queue.drain();
    expect(ran).toBe(1);
    // Done: the key is free again.
    expect(await queue.enqueue('later', {}, { dedupeKey: 'k' })).not.toBeNull();
  });

  it('retries a failing job with a doubling delay, then keeps it failed with its error', async () => {
    const queue = new JobQueue(db);
    let calls = 0;
    queue.register('flaky', async () => {
      calls++;
      throw new Error(`refused ${calls}`);
    });
    const id = (await queue.enqueue('flaky', {}, { maxAttempts: 3, backoffMs: 60_000 }))!;
    await queue.runDue();
    const [afterOne] = await db.select().from(jobs);
    expect(afterOne).toMatchObject({ state: 'queued', attempts: 1, error: 'refused 1' });
    const wait = afterOne!.runAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(await queue.runDue()).toBe(0);
    // The second retry waits twice as long.
    await db.execute(sql`update jobs set run_at = now() - interval '1 second'`);
    await queue.runDue();
    const [afterTwo] = await db.select().from(jobs);
    expect(afterTwo!.runAt.getTime() - Date.now()).toBeGreaterThan(110_000);
    await db.execute(sql`update jobs set run_at = now() - interval '1 second'`);
    await queue.runDue();
    expect(await queue.get(id)).toMatchObject({ state: 'failed', attempts: 3, error: 'refused 3' });
    expect(await queue.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('succeeds on a retry', async () => {
    const queue = new JobQueue(db);
    let calls = 0;
    queue.register('second-time', async () => {
      if (++calls < 2) throw new Error('not yet');
      return 'ok';
    });
    const id = (await queue.enqueue('second-time', {}, { backoffMs: 0 }))!;
    await queue.drain();
    expect(await queue.get(id)).toMatchObject({ state: 'done', attempts: 2, result: 'ok' });
  });

  it('runs a job again later without counting an attempt when the handler asks', async () => {
    const queue = new JobQueue(db);
    let calls = 0;
    queue.register('poll', async () => (++calls < 3 ? new RunAgain(0) : 'settled'));
    const id = (await queue.enqueue('poll', {}, { maxAttempts: 1 }))!;
    await queue.drain();
    expect(calls).toBe(3);
    expect(await queue.get(id)).toMatchObject({ state: 'done', attempts: 1, result: 'settled' });
  });

  it('takes up a job whose worker died once its lock runs out', async () => {
    const queue = new JobQueue(db);
    let ran = 0;
    queue.register('orphan', async () => {
      ran++;
    });
    const id = (await queue.enqueue('orphan'))!;
    // Another worker claimed it and died: its lock still holds for a while.
    await db.execute(
      sql`update jobs set state = 'running', attempts = 1, locked_by = 'dead',
        locked_until = now() + interval '1 minute' where id = ${id}`,
    );
    expect(await queue.runDue()).toBe(0);
    await db.execute(sql`update jobs set locked_until = now() - interval '1 second'`);
    expect(await queue.runDue()).toBe(1);
    expect(ran).toBe(1);
    expect(await queue.get(id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('gives each job to one of several workers sharing the database', async () => {
    const runs = new Map<number, number>();
    const workers = [1, 2, 3].map(() => {
      const queue = new JobQueue(db, { concurrency: 3 });
      queue.register<{ i: number }>('shared', async (job) => {
        runs.set(job.payload.i, (runs.get(job.payload.i) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
      });
      return queue;
    });
    for (let i = 0; i < 30; i++) await workers[0]!.enqueue('shared', { i });
    await Promise.all(workers.map((queue) => queue.drain()));
    expect(runs.size).toBe(30);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect((await states()).every((j) => j.state === 'done' && j.attempts === 1)).toBe(true);
  });

  it('adds a job only if the transaction that adds it commits', async () => {
    const queue = new JobQueue(db);
    await db
      .transaction(async (tx) => {
        await queue.enqueue('in-tx', {}, {}, tx);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await states()).toEqual([]);
  });
});

describe('the job queue at work', () => {
  it('runs a job due now at once, even when one due later was added just after it', async () => {
    // Polling once a minute: only the wake-up on enqueue can run the first job within the test.
    const queue = new JobQueue(db, { pollMs: 60_000 });
    const ran: string[] = [];
    queue.register<{ n: string }>('wake', async (job) => {
      ran.push(job.payload.n);
    });
    queue.start();
    try {
      // Wait until the start's first look is over, so that the next wake-ups set the timer.
      for (let i = 0; i < 100 && (queue as unknown as { running?: unknown }).running; i++)
        await new Promise((r) => setTimeout(r, 10));
      await queue.enqueue('wake', { n: 'now' });
      await queue.enqueue('wake', { n: 'later' }, { delayMs: 30_000 });
      for (let i = 0; i < 500 && ran.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(ran).toEqual(['now']);
    } finally {
      await queue.stop();
    }
  });
});

describe('the job queue in the app', () => {
  it('starts with the server, runs what is added, reports in /metrics and stops on close', async () => {
    const t = await createTestApp({ METRICS: 'public', JOB_POLL_MS: '20' });
    const done: number[] = [];
    t.app.jobs.register<{ n: number }>('app-job', async (job) => {
      done.push(job.payload.n);
    });
    t.app.jobs.register('app-fails', async () => {
      throw new Error('always');
    });
    await t.app.ready();
    await t.app.jobs.enqueue('app-job', { n: 1 });
    await t.app.jobs.enqueue('app-fails', {}, { maxAttempts: 1 });
    await t.app.jobs.enqueue('app-job', { n: 2 }, { delayMs: 3_600_000 });
    for (let i = 0; i < 200 && done.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(done).toEqual([1]);
    for (let i = 0; i < 200; i++) {
      const failed = (await t.app.jobs.counts()).find((c) => c.state === 'failed');
      if (failed) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/job_queue_depth\{name="app-job"\} 1/);
    expect(metrics).toMatch(/job_queue_failed\{name="app-fails"\} 1/);
    await t.close();
    // Closed: its readings are gone from the process's registry, and no timer is left.
    const queue = t.app.jobs as unknown as { timer?: unknown; running?: unknown };
    expect(queue.timer).toBeUndefined();
    expect(queue.running).toBeUndefined();
  });
});
