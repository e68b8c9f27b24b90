import { and, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { canMove, isSettled, type Machine } from '../../../shared/mini-program';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import {
  miniProgramEvents,
  miniProgramInfoChanges,
  miniProgramRegistrations,
  miniPrograms,
  miniProgramTasks,
  miniProgramVersions,
} from '../../db/schema/mini-program';
import { RunAgain } from '../../kit/jobs';
import type { PlatformTask, TaskKind } from '../../miniprogram';

/** What the history of the area's rows is kept by: an application, an info change, a version. */
export type Subject = 'registration' | 'info' | 'version';

export const SUBJECT_OF: Record<TaskKind, Subject> = {
  registration: 'registration',
  info: 'info',
  audit: 'version',
};
const MACHINE_OF: Record<Subject, Machine> = {
  registration: 'registration',
  info: 'info',
  version: 'version',
};
export const TABLE_OF = {
  registration: miniProgramRegistrations,
  info: miniProgramInfoChanges,
  version: miniProgramVersions,
} as const;

/** Where the platform sends its callbacks (a path of this server). */
export const CALLBACK_PATH = '/open/mini-program/notify';
export const POLL_JOB = 'mini-program.poll';

/** What the area keeps as the reason when the platform never answered. */
const NO_ANSWER = '平台在规定时间内没有答复 · The platform gave no answer in time';

/** Adds a line to a row's history. */
export async function recordEvent(
  ex: Executor,
  entry: {
    merchantId: number;
    subject: Subject;
    subjectId: number;
    status: string;
    actor: string;
    note?: string;
  },
) {
  await ex.insert(miniProgramEvents).values({ ...entry, note: entry.note ?? '' });
}

/** Keeps which row a task of the platform is for (with the row's own `taskId`, in `ex`). */
export async function recordTask(
  ex: Executor,
  task: { taskId: string; merchantId: number; subject: Subject; subjectId: number },
) {
  await ex.insert(miniProgramTasks).values(task).onConflictDoNothing();
  const table = TABLE_OF[task.subject];
  await ex
    .update(table)
    .set({ taskId: task.taskId, updatedAt: new Date() })
    .where(eq(table.id, task.subjectId));
}

/** A row's history, oldest first. */
export async function historyOf(ex: Executor, merchantId: number, subject: Subject, id: number) {
  const rows = await ex
    .select()
    .from(miniProgramEvents)
    .where(
      and(
        eq(miniProgramEvents.merchantId, merchantId),
        eq(miniProgramEvents.subject, subject),
        eq(miniProgramEvents.subjectId, id),
      ),
    )
    .orderBy(miniProgramEvents.id)
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    note: r.note,
    actor: r.actor,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The merchant's mini-program row, made on first need. */
export async function accountOf(ex: Executor, merchantId: number) {
  await ex.insert(miniPrograms).values({ merchantId }).onConflictDoNothing();
  const [row] = await ex.select().from(miniPrograms).where(eq(miniPrograms.merchantId, merchantId));
  return row!;
}

/**
 * The version live before the current one, which a rollback brings back: one step, once (as the
 * platform allows). None when the current release is itself the result of a rollback.
 */
export async function previousRelease(ex: Executor, merchantId: number) {
  const [current] = await ex
    .select()
    .from(miniProgramVersions)
    .where(
      and(
        eq(miniProgramVersions.merchantId, merchantId),
        eq(miniProgramVersions.status, 'released'),
      ),
    )
    .limit(1);
  if (!current?.releasedAt) return { current, previous: undefined };
  const [undone] = await ex
    .select({ id: miniProgramVersions.id })
    .from(miniProgramVersions)
    .where(
      and(
        eq(miniProgramVersions.merchantId, merchantId),
        eq(miniProgramVersions.status, 'rolledBack'),
        gt(miniProgramVersions.releasedAt, current.releasedAt),
      ),
    )
    .limit(1);
  if (undone) return { current, previous: undefined };
  const [previous] = await ex
    .select()
    .from(miniProgramVersions)
    .where(
      and(
        eq(miniProgramVersions.merchantId, merchantId),
        eq(miniProgramVersions.status, 'superseded'),
        isNotNull(miniProgramVersions.releasedAt),
        lt(miniProgramVersions.releasedAt, current.releasedAt),
      ),
    )
    .orderBy(desc(miniProgramVersions.releasedAt))
    .limit(1);
  return { current, previous };
}

/** An unknown task's callback: answered with an error, so the platform sends it again later. */
export class UnknownTask extends Error {}

/**
 * Asks about a task from now on, every POLL seconds, until it settles or the time runs out (the
 * job `createMiniProgramService` registers answers it).
 */
export function pollOf({ db, jobs, config }: Pick<AppContext, 'db' | 'jobs' | 'config'>) {
  return async (subject: Subject, id: number, merchantId: number, ex: Executor = db) => {
    await jobs.enqueue(
      POLL_JOB,
      { subject, id, deadline: Date.now() + config.MINIPROGRAM_POLL_TIMEOUT_SECONDS * 1000 },
      {
        delayMs: config.MINIPROGRAM_POLL_SECONDS * 1000,
        dedupeKey: `${subject}:${id}`,
        merchantId,
      },
      ex,
    );
  };
}

/**
 * The area's side of the platform: applies what the platform says of a task (by callback or
 * when asked), once, whatever order and however often it comes; and the job that asks about the
 * tasks still open, until they settle or time out.
 */
export function createMiniProgramService({ db, jobs, config, miniProgram }: AppContext) {
  /**
   * Moves the row of `task` to the state the platform gives, when its machine allows that move
   * from where the row is (a repeated or stale word moves nothing); answers whether it moved.
   */
  async function apply(task: PlatformTask, actor = 'platform'): Promise<boolean> {
    const subject = SUBJECT_OF[task.kind];
    const table = TABLE_OF[subject];
    return db.transaction(async (tx) => {
      const [known] = await tx
        .select()
        .from(miniProgramTasks)
        .where(eq(miniProgramTasks.taskId, task.taskId));
      if (!known || known.subject !== subject) throw new UnknownTask(task.taskId);
      const [row] = await tx
        .select({
          id: table.id,
          merchantId: table.merchantId,
          status: table.status,
          taskId: table.taskId,
        })
        .from(table)
        .where(eq(table.id, known.subjectId))
        .for('update');
      if (!row) throw new UnknownTask(task.taskId);
      // An earlier submission's word (a rejection repeated after the version went back to review).
      if (row.taskId !== task.taskId) return false;
      if (!canMove(MACHINE_OF[subject], row.status, task.status)) return false;
      const now = new Date();
      if (subject === 'registration') {
        await tx
          .update(miniProgramRegistrations)
          .set({
            status: task.status as 'success',
            reason: task.reason,
            appid: task.appid ?? '',
            updatedAt: now,
          })
          .where(eq(miniProgramRegistrations.id, row.id));
        if (task.status === 'success' && task.appid) {
          await accountOf(tx, row.merchantId);
          await tx
            .update(miniPrograms)
            .set({ appid: task.appid, updatedAt: now })
            .where(eq(miniPrograms.merchantId, row.merchantId));
        }
      } else if (subject === 'info') {
        const [change] = await tx
          .update(miniProgramInfoChanges)
          .set({ status: task.status as 'approved', reason: task.reason, updatedAt: now })
          .where(eq(miniProgramInfoChanges.id, row.id))
          .returning();
        if (change && task.status === 'approved')
          await tx
            .update(miniPrograms)
            .set({
              name: change.name,
              avatar: change.avatar,
              intro: change.intro,
              categories: change.categories,
              updatedAt: now,
            })
            .where(eq(miniPrograms.merchantId, row.merchantId));
      } else {
        await tx
          .update(miniProgramVersions)
          .set({ status: task.status as 'approved', reason: task.reason, updatedAt: now })
          .where(eq(miniProgramVersions.id, row.id));
      }
      await recordEvent(tx, {
        merchantId: row.merchantId,
        subject,
        subjectId: row.id,
        status: task.status,
        actor,
        note: task.reason || (task.appid && task.status === 'success' ? task.appid : ''),
      });
      return true;
    });
  }

  const poll = pollOf({ db, jobs, config });

  jobs.register<{ subject: Subject; id: number; deadline: number }>(POLL_JOB, async (job) => {
    const { subject, id, deadline } = job.payload;
    const table = TABLE_OF[subject];
    const current = async () =>
      (
        await db
          .select({ status: table.status, taskId: table.taskId, merchantId: table.merchantId })
          .from(table)
          .where(eq(table.id, id))
      )[0];
    let row = await current();
    if (!row?.taskId || isSettled(MACHINE_OF[subject], row.status)) return { settled: true };
    const task = await miniProgram.query(row.taskId);
    if (task && task.status !== row.status) await apply(task, 'platform');
    row = await current();
    if (!row || isSettled(MACHINE_OF[subject], row.status)) return { settled: true };
    if (Date.now() < deadline) return new RunAgain(config.MINIPROGRAM_POLL_SECONDS * 1000);
    // No answer in time: given up as failed (registration) or rejected (a review).
    const to = subject === 'registration' ? 'failed' : 'rejected';
    const [moved] = await db
      .update(table)
      .set({ status: to as never, reason: NO_ANSWER, updatedAt: new Date() })
      .where(and(eq(table.id, id), inArray(table.status, [row.status] as never[])))
      .returning({ id: table.id });
    if (moved)
      await recordEvent(db, {
        merchantId: row.merchantId,
        subject,
        subjectId: id,
        status: to,
        actor: 'system',
        note: NO_ANSWER,
      });
    return { timedOut: true };
  });

  return { apply, poll };
}

export type MiniProgramService = ReturnType<typeof createMiniProgramService>;

/** Holds one merchant's mini-program calls in turn (a registration, an upload) inside `tx`. */
export const lockMerchant = (tx: Executor, merchantId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('mini-program'), ${merchantId}::int)`);
