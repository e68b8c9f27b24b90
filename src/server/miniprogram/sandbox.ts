import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  miniProgramSandboxApps,
  miniProgramSandboxKeys,
  miniProgramSandboxTasks,
} from '../db/schema/mini-program';
import type { JobQueue } from '../kit/jobs';
import {
  type InfoInput,
  InvalidCallback,
  type MiniProgramPlatform,
  type PlatformEvent,
  PlatformRefused,
  type PlatformTask,
  type RegistrationInput,
  type TaskKind,
} from './platform';

/**
 * The sandbox mini-program platform: behaves like the real one, with no account anywhere. It keeps
 * its own books (mini_program_sandbox_*), serves its own page (sandbox-page.ts) where a person
 * plays the legal person confirming a registration and the reviewer approving or rejecting (with
 * a reason), and tells the product of every change by a callback signed with HMAC-SHA256,
 * delivered through the job queue: retried with a growing delay until the product answers
 * `success`, and sent twice CHAOS of the time. Its own clock moves things too: a registration is
 * checked first (a few seconds), then waits for the legal person until it times out; a review no
 * person decided is decided by the sandbox's reviewer after REVIEW seconds.
 */

type TaskRow = typeof miniProgramSandboxTasks.$inferSelect;

export const SANDBOX_CHECK_JOB = 'miniprogram-sandbox.check';
export const SANDBOX_CONFIRM_TIMEOUT_JOB = 'miniprogram-sandbox.confirm-timeout';
export const SANDBOX_REVIEW_JOB = 'miniprogram-sandbox.review';
export const SANDBOX_CALLBACK_JOB = 'miniprogram-sandbox.callback';

/** How old a callback may be when it arrives (a replayed old one is refused). */
const CALLBACK_MAX_AGE_MS = 5 * 60_000;

/** Words the sandbox's reviewer rejects in a name (superlatives the advertising law forbids). */
const FORBIDDEN_WORDS = ['第一', '最好', '最佳', '国家级', 'best', 'No.1'];

/** The fields of a callback, all strings, `signature` over the others. */
export type SandboxCallback = Record<string, string>;

/** HMAC-SHA256 (hex) of `k=v&…` over every field but `signature`, sorted by name. */
export function signCallback(fields: Record<string, string>, secret: string): string {
  const text = Object.keys(fields)
    .filter((k) => k !== 'signature')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(text).digest('hex');
}

export interface SandboxPlatformOptions {
  db: Database;
  jobs: JobQueue;
  /** The signing key; absent = one generated and kept in the database on first use. */
  key?: string;
  checkSeconds: number;
  confirmSeconds: number;
  reviewSeconds: number;
  /** 0…1: how often a callback is sent twice. */
  chaos: number;
  /** Delivers a callback to a path or URL; answers the text the product answered. */
  deliver(url: string, body: SandboxCallback): Promise<string>;
  random?: () => number;
}

const newId = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;

export class SandboxPlatform implements MiniProgramPlatform {
  readonly name = 'sandbox';
  readonly ack = { contentType: 'text/plain; charset=utf-8', body: 'success' };
  private secret: Promise<string> | undefined;

  constructor(private readonly options: SandboxPlatformOptions) {
    const { jobs } = options;
    jobs.register<{ taskId: string }>(SANDBOX_CHECK_JOB, async (job) => {
      const task = await this.task(job.payload.taskId);
      if (task?.status !== 'submitted') return { skipped: true };
      // The platform's first check: one entity, one mini-program being registered at a time.
      const { creditCode } = task.payload as { creditCode: string };
      const [other] = await options.db
        .select({ taskId: miniProgramSandboxTasks.taskId })
        .from(miniProgramSandboxTasks)
        .where(
          and(
            eq(miniProgramSandboxTasks.kind, 'registration'),
            ne(miniProgramSandboxTasks.taskId, task.taskId),
            ne(miniProgramSandboxTasks.merchantId, task.merchantId),
            sql`${miniProgramSandboxTasks.status} in ('confirming', 'success')`,
            sql`${miniProgramSandboxTasks.payload}->>'creditCode' = ${creditCode}`,
          ),
        )
        .limit(1);
      if (other) {
        await this.settle(task.taskId, 'submitted', {
          status: 'failed',
          reason:
            '该主体已被其他商户注册或正在注册 · The entity is registered (or being registered) by another merchant',
        });
        return { failed: true };
      }
      await this.settle(task.taskId, 'submitted', { status: 'confirming' });
      await jobs.enqueue(
        SANDBOX_CONFIRM_TIMEOUT_JOB,
        { taskId: task.taskId },
        { delayMs: options.confirmSeconds * 1000 },
      );
      return { confirming: true };
    });
    jobs.register<{ taskId: string }>(SANDBOX_CONFIRM_TIMEOUT_JOB, async (job) => {
      const done = await this.settle(job.payload.taskId, 'confirming', {
        status: 'failed',
        reason: `法人未在 ${options.confirmSeconds} 秒内确认 · The legal person did not confirm within ${options.confirmSeconds} s`,
      });
      return { timedOut: !!done };
    });
    jobs.register<{ taskId: string }>(SANDBOX_REVIEW_JOB, async (job) => {
      const task = await this.task(job.payload.taskId);
      if (task?.status !== 'reviewing') return { skipped: true };
      const { name = '' } = task.payload as { name?: string };
      const word = FORBIDDEN_WORDS.find((w) => name.toLowerCase().includes(w.toLowerCase()));
      await this.settle(
        task.taskId,
        'reviewing',
        word
          ? {
              status: 'rejected',
              reason: `名称含有广告法禁用词“${word}” · The name holds "${word}", which advertising law forbids`,
            }
          : { status: 'approved' },
      );
      return { decided: true };
    });
    jobs.register<{ taskId: string; eventId: string; fields: Record<string, string> }>(
      SANDBOX_CALLBACK_JOB,
      async (job) => {
        const task = await this.task(job.payload.taskId);
        if (!task) throw new Error(`no task ${job.payload.taskId}`);
        // Signed when sent: a retry carries a fresh timestamp, as the real platform's do.
        const fields: SandboxCallback = {
          ...job.payload.fields,
          event_id: job.payload.eventId,
          timestamp: String(Date.now()),
          nonce: randomBytes(8).toString('hex'),
        };
        fields.signature = signCallback(fields, await this.key());
        const answer = await options.deliver(task.notifyUrl, fields);
        if (answer.trim() !== this.ack.body) throw new Error(`answered ${answer.slice(0, 200)}`);
        return { delivered: true };
      },
    );
  }

  /** The signing key (configured, or kept in the database). */
  key(): Promise<string> {
    if (this.options.key) return Promise.resolve(this.options.key);
    this.secret ??= (async () => {
      const { db } = this.options;
      await db
        .insert(miniProgramSandboxKeys)
        .values({ name: 'callback', secret: randomBytes(32).toString('hex') })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(miniProgramSandboxKeys)
        .where(eq(miniProgramSandboxKeys.name, 'callback'));
      return row!.secret;
    })();
    this.secret.catch(() => {
      this.secret = undefined;
    });
    return this.secret;
  }

  async register(input: RegistrationInput): Promise<PlatformTask> {
    await this.key();
    const { notifyUrl, merchantId, ...application } = input;
    const row = await this.createTask(
      'registration',
      merchantId,
      null,
      application,
      notifyUrl,
      'submitted',
    );
    await this.options.jobs.enqueue(
      SANDBOX_CHECK_JOB,
      { taskId: row.taskId },
      { delayMs: this.options.checkSeconds * 1000 },
    );
    return this.toTask(row);
  }

  async changeInfo(input: InfoInput): Promise<PlatformTask> {
    await this.requireApp(input.appid);
    const { notifyUrl, merchantId, appid, ...info } = input;
    const row = await this.createTask('info', merchantId, appid, info, notifyUrl, 'reviewing');
    await this.scheduleReview(row.taskId);
    return this.toTask(row);
  }

  async commit(input: { appid: string; templateId: string; version: string; description: string }) {
    await this.requireApp(input.appid);
    await this.options.db
      .update(miniProgramSandboxApps)
      .set({ experience: input.version })
      .where(eq(miniProgramSandboxApps.appid, input.appid));
    return {
      experienceUrl: `/sandbox/mini-program/experience/${input.appid}/${encodeURIComponent(input.version)}`,
    };
  }

  async submitAudit(input: {
    merchantId: number;
    appid: string;
    version: string;
    notifyUrl: string;
  }): Promise<PlatformTask> {
    const app = await this.requireApp(input.appid);
    if (app.experience !== input.version)
      throw new PlatformRefused(
        `版本 ${input.version} 不是体验版 · ${input.version} is not the experience version`,
      );
    // One review at a time per app.
    const [open] = await this.options.db
      .select({ taskId: miniProgramSandboxTasks.taskId })
      .from(miniProgramSandboxTasks)
      .where(
        and(
          eq(miniProgramSandboxTasks.appid, input.appid),
          eq(miniProgramSandboxTasks.kind, 'audit'),
          eq(miniProgramSandboxTasks.status, 'reviewing'),
        ),
      );
    if (open) throw new PlatformRefused('已有版本在审核中 · A version is in review already');
    const row = await this.createTask(
      'audit',
      input.merchantId,
      input.appid,
      { version: input.version },
      input.notifyUrl,
      'reviewing',
    );
    await this.scheduleReview(row.taskId);
    return this.toTask(row);
  }

  async release({ appid, taskId }: { appid: string; taskId: string }) {
    const task = await this.task(taskId);
    if (!task || task.appid !== appid || task.kind !== 'audit')
      throw new PlatformRefused('没有这个审核单 · No such review');
    if (task.status !== 'approved' && task.status !== 'released')
      throw new PlatformRefused('版本未通过审核 · The version is not approved');
    if (task.status === 'released') return;
    const { version } = task.payload as { version: string };
    await this.options.db.transaction(async (tx) => {
      await tx
        .update(miniProgramSandboxApps)
        .set({
          previous: sql`${miniProgramSandboxApps.released}`,
          released: version,
        })
        .where(eq(miniProgramSandboxApps.appid, appid));
      await tx
        .update(miniProgramSandboxTasks)
        .set({ status: 'released', updatedAt: new Date() })
        .where(eq(miniProgramSandboxTasks.taskId, taskId));
    });
  }

  async rollback({ appid }: { appid: string }) {
    const app = await this.requireApp(appid);
    if (!app.previous) throw new PlatformRefused('没有可回退的版本 · Nothing to roll back to');
    // One step back, once (as the real platform allows).
    await this.options.db
      .update(miniProgramSandboxApps)
      .set({ released: app.previous, previous: null })
      .where(eq(miniProgramSandboxApps.appid, appid));
    return { version: app.previous };
  }

  async query(taskId: string): Promise<PlatformTask | null> {
    const row = await this.task(taskId);
    return row ? this.toTask(row) : null;
  }

  async verifyCallback({ body }: { headers: Record<string, unknown>; body: unknown }) {
    if (!body || typeof body !== 'object') throw new InvalidCallback('not a callback');
    const fields: SandboxCallback = {};
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (typeof v !== 'string') throw new InvalidCallback(`${k} is not text`);
      fields[k] = v;
    }
    const expected = Buffer.from(signCallback(fields, await this.key()), 'hex');
    const given = Buffer.from(fields.signature ?? '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new InvalidCallback('bad signature');
    const sent = Number(fields.timestamp);
    if (!Number.isFinite(sent) || Math.abs(Date.now() - sent) > CALLBACK_MAX_AGE_MS)
      throw new InvalidCallback('stale callback');
    const kind = fields.kind as TaskKind;
    if (!['registration', 'info', 'audit'].includes(kind) || !fields.task_id || !fields.status)
      throw new InvalidCallback('unreadable callback');
    return {
      eventId: fields.event_id ?? '',
      taskId: fields.task_id,
      kind,
      status: fields.status,
      reason: fields.reason ?? '',
      appid: fields.appid || null,
    } satisfies PlatformEvent;
  }

  actionUrl(taskId: string) {
    return `/sandbox/mini-program/task/${taskId}`;
  }

  pageUrl(appid: string | null, path: string) {
    return `/sandbox/mini-program/open?appid=${encodeURIComponent(appid ?? '')}&path=${encodeURIComponent(path)}`;
  }

  /** The sandbox's own page: the task a person opened. */
  async task(taskId: string): Promise<TaskRow | undefined> {
    const [row] = await this.options.db
      .select()
      .from(miniProgramSandboxTasks)
      .where(eq(miniProgramSandboxTasks.taskId, taskId));
    return row;
  }

  /** The legal person confirms (or declines) a registration on the sandbox's page. */
  async confirmByLegalPerson(taskId: string, accept: boolean) {
    return this.settle(
      taskId,
      'confirming',
      accept
        ? { status: 'success' }
        : {
            status: 'failed',
            reason: '法人拒绝了注册 · The legal person declined the registration',
          },
    );
  }

  /** The reviewer approves (or rejects, with a reason) an info change or a version. */
  async decide(taskId: string, approve: boolean, reason = '') {
    return this.settle(
      taskId,
      'reviewing',
      approve ? { status: 'approved' } : { status: 'rejected', reason: reason.trim() },
    );
  }

  /**
   * Moves a task from `from` (only from it: a second decision, or a timeout after one, moves
   * nothing), gives a successful registration its app, and queues the callback.
   */
  private async settle(taskId: string, from: string, to: { status: string; reason?: string }) {
    const { db } = this.options;
    const row = await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(miniProgramSandboxTasks)
        .set({ status: to.status, reason: to.reason ?? '', updatedAt: new Date() })
        .where(
          and(eq(miniProgramSandboxTasks.taskId, taskId), eq(miniProgramSandboxTasks.status, from)),
        )
        .returning();
      if (!moved) return undefined;
      if (moved.kind === 'registration' && to.status === 'success') {
        const appid = `wx${randomBytes(8).toString('hex')}`;
        await tx.insert(miniProgramSandboxApps).values({ appid, merchantId: moved.merchantId });
        const [withApp] = await tx
          .update(miniProgramSandboxTasks)
          .set({ appid })
          .where(eq(miniProgramSandboxTasks.taskId, taskId))
          .returning();
        return withApp;
      }
      return moved;
    });
    if (row) await this.callback(row);
    return row;
  }

  /** Queues the callback of a task's new state (twice, CHAOS of the time). */
  private async callback(row: TaskRow) {
    const { jobs, chaos } = this.options;
    const random = this.options.random ?? Math.random;
    const eventId = newId('EV');
    const fields = {
      task_id: row.taskId,
      kind: row.kind,
      status: row.status,
      reason: row.reason,
      appid: row.appid ?? '',
    };
    const options = { maxAttempts: 10, backoffMs: 2000 };
    await jobs.enqueue(SANDBOX_CALLBACK_JOB, { taskId: row.taskId, eventId, fields }, options);
    if (random() < chaos)
      await jobs.enqueue(
        SANDBOX_CALLBACK_JOB,
        { taskId: row.taskId, eventId, fields },
        { ...options, delayMs: 1500 },
      );
  }

  private async scheduleReview(taskId: string) {
    await this.options.jobs.enqueue(
      SANDBOX_REVIEW_JOB,
      { taskId },
      { delayMs: this.options.reviewSeconds * 1000 },
    );
  }

  private async createTask(
    kind: TaskKind,
    merchantId: number,
    appid: string | null,
    payload: object,
    notifyUrl: string,
    status: string,
  ) {
    const [row] = await this.options.db
      .insert(miniProgramSandboxTasks)
      .values({ taskId: newId('MPT'), kind, merchantId, appid, payload, notifyUrl, status })
      .returning();
    if (!row) throw new Error('the sandbox could not create the task');
    return row;
  }

  private async requireApp(appid: string) {
    const [app] = await this.options.db
      .select()
      .from(miniProgramSandboxApps)
      .where(eq(miniProgramSandboxApps.appid, appid));
    if (!app) throw new PlatformRefused(`没有这个小程序 · No app ${appid}`);
    return app;
  }

  private toTask(row: TaskRow): PlatformTask {
    return {
      taskId: row.taskId,
      kind: row.kind,
      status: row.status,
      reason: row.reason,
      appid: row.appid,
    };
  }
}
