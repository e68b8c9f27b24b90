import { and, eq, inArray, sql } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import en from '../../../shared/resources/job.en';
import zh from '../../../shared/resources/job.zh';
import { jobs } from '../../db/schema/job';
import { AppError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { requestLanguage } from '../../messages';

const NAMES: Record<'zh' | 'en', Record<string, string>> = { zh: zh.names, en: en.names };

/** What a job is about, in a line: its payload's plain values (`orderNo: S2026…`, `feedId: 12`). */
export function subjectOf(payload: unknown): string {
  if (!payload || typeof payload !== 'object') return '';
  return Object.entries(payload as Record<string, unknown>)
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ')
    .slice(0, 200);
}

/**
 * The dead-letter view's rules: a failed job is tried again from its first attempt, now, unless
 * the same job (its name and key) has been queued again meanwhile; a job is discarded only once
 * the queue is done with it (done or failed).
 */
export default {
  async beforeWrite(values, { tx, before }) {
    if (values.state !== 'queued' || !before) return values;
    if (before.dedupeKey) {
      const [again] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.name, before.name as string),
            eq(jobs.dedupeKey, before.dedupeKey as string),
            inArray(jobs.state, ['queued', 'running']),
          ),
        )
        .limit(1);
      if (again) throw new AppError(ResultCode.CONFLICT, message('job:rules.duplicate'), 409);
    }
    return {
      ...values,
      attempts: 0,
      runAt: sql`now()`,
      finishedAt: null,
      lockedBy: null,
      lockedUntil: null,
    };
  },
  async beforeDelete(rows) {
    const busy = rows.find((row) => row.state === 'queued' || row.state === 'running');
    if (busy)
      throw new AppError(
        ResultCode.CONFLICT,
        message('job:rules.busy', { id: busy.id as number }),
        409,
      );
  },
  async decorate(rows, { request, ex }) {
    const names = NAMES[requestLanguage(request)];
    if (rows.length === 0) return;
    const payloads = await ex
      .select({ id: jobs.id, payload: jobs.payload })
      .from(jobs)
      .where(
        inArray(
          jobs.id,
          rows.map((row) => row.id as number),
        ),
      );
    const byId = new Map(payloads.map((row) => [row.id, row.payload]));
    for (const row of rows) {
      row.label = names[row.name as string] ?? row.name;
      row.subject = subjectOf(byId.get(row.id as number));
    }
  },
} satisfies ResourceHooks;
