import { and, eq, inArray, sql } from 'drizzle-orm';
import { UPLOADED_IMAGE } from '../../../shared/resource-schema';
import type { AppContext } from '../../context';
import type { Database, Executor } from '../../db/client';
import { reviewPhotos } from '../../db/schema/evaluate';
import { materials } from '../../db/schema/material';
import { RunAgain } from '../../kit/jobs';
import type { FileStorage } from '../../storage/storage';
import { unusedReviewPhotos } from '../product-order/review-photos';
import { usesOf } from './usage';

/** The upload sweep's job: one queued at a time, whichever instance runs it. */
export const SWEEP_JOB = 'upload.sweep';
const BATCH = 200;
/** Tables that mention uploads without using them: the log of who uploaded what, job payloads. */
const NOT_USES = new Set(['operation_logs', 'jobs']);
const UPLOAD_URL = String.raw`/uploads/\d+/\d{4}-\d{2}/[a-f0-9]{32}\.(jpg|png|gif|webp)`;

export interface SweepResult {
  /** Uploads older than the grace period looked at. */
  checked: number;
  /** Of them, files no row uses: removed. */
  removed: number;
  /** In use but missing from the material library (uploads older than the library): added. */
  adopted: number;
}

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * Every upload address any row of the database holds, in any text, text[] or json column of any
 * table but the logs: the last word before a file is removed, read only for the few files neither
 * the library, the review photos nor any area's image fields hold (one pass over each table).
 */
async function mentionedAnywhere(db: Database): Promise<Set<string>> {
  const { rows: columns } = (await db.execute(sql`
    select table_name as "table", column_name as "column"
    from information_schema.columns
    where table_schema = 'public'
      and (data_type in ('text', 'character varying', 'json', 'jsonb')
        or (data_type = 'ARRAY' and udt_name in ('_text', '_varchar')))
    order by table_name, ordinal_position`)) as unknown as {
    rows: { table: string; column: string }[];
  };
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns) {
    if (NOT_USES.has(table)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const found = new Set<string>();
  for (const [table, names] of byTable) {
    const text = sql.join(
      names.map((name) => sql`coalesce(${sql.identifier(name)}::text, '')`),
      sql` || ' ' || `,
    );
    const { rows } = (await db.execute(sql`
      select distinct m[1] as url from (
        select ${text} as t from ${sql.identifier(table)}
      ) r, regexp_matches(r.t, ${`(${UPLOAD_URL})`}, 'g') m
      where r.t like '%/uploads/%'`)) as unknown as { rows: { url: string }[] };
    for (const row of rows) found.add(row.url);
  }
  return found;
}

/** Which of a merchant's uploads its library or its review photos hold. */
async function heldByRows(ex: Executor, merchantId: number, urls: string[]) {
  const held = new Set<string>();
  for (const row of await ex
    .select({ url: materials.url })
    .from(materials)
    .where(and(eq(materials.merchantId, merchantId), inArray(materials.url, urls))))
    held.add(row.url);
  for (const row of await ex
    .select({ url: reviewPhotos.url })
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.url, urls)))
    held.add(row.url);
  return held;
}

/**
 * Removes the uploads no row uses, written more than `graceMs` ago (an upload's file is written
 * just before its row): review photos no evaluation will show first, then every file of the store
 * whose address no row holds. A file is kept when the material library, the review photos, any
 * area's image or rich-text field, or any other row (an order's item, an account's avatar) holds
 * it; one in use but not in the library (an upload older than the library) joins it.
 */
export async function sweepUploads(
  db: Database,
  storage: FileStorage,
  { graceMs, now = new Date() }: { graceMs: number; now?: Date },
): Promise<SweepResult> {
  const before = new Date(now.getTime() - graceMs);
  await unusedReviewPhotos(db, before);
  const result: SweepResult = { checked: 0, removed: 0, adopted: 0 };
  let anywhere: Set<string> | undefined;
  const pending = new Map<number, { url: string; key: string; size: number }[]>();

  const settle = async (merchantId: number) => {
    const files = pending.get(merchantId) ?? [];
    pending.delete(merchantId);
    if (files.length === 0) return;
    result.checked += files.length;
    const urls = files.map((f) => f.url);
    const held = await heldByRows(db, merchantId, urls);
    let loose = files.filter((f) => !held.has(f.url));
    if (loose.length === 0) return;
    const uses = await usesOf(
      db,
      merchantId,
      loose.map((f) => f.url),
    );
    const used = loose.filter((f) => (uses.get(f.url) ?? []).length > 0);
    loose = loose.filter((f) => (uses.get(f.url) ?? []).length === 0);
    if (loose.length > 0) {
      anywhere ??= await mentionedAnywhere(db);
      used.push(...loose.filter((f) => anywhere!.has(f.url)));
      loose = loose.filter((f) => !anywhere!.has(f.url));
    }
    if (used.length > 0) {
      const added = await db
        .insert(materials)
        .values(
          used.map((f) => ({
            merchantId,
            url: f.url,
            name: f.key.split('/').pop()!,
            size: f.size,
            mime: MIME[f.key.split('.').pop() ?? ''] ?? 'application/octet-stream',
          })),
        )
        .onConflictDoNothing()
        .returning({ id: materials.id });
      result.adopted += added.length;
    }
    for (const f of loose) {
      // Asked again just before: a row may have come since the batch was read.
      if ((await heldByRows(db, merchantId, [f.url])).size > 0) continue;
      await storage.delete(f.key);
      result.removed++;
    }
  };

  for await (const file of storage.list()) {
    if (file.modifiedAt >= before) continue;
    const url = `/uploads/${file.key}`;
    const match = UPLOADED_IMAGE.exec(url);
    // Only what the uploads make: anything else in the store is not this sweep's.
    if (!match) continue;
    const merchantId = Number(match[1]);
    const list = pending.get(merchantId) ?? [];
    list.push({ url, key: file.key, size: file.size });
    pending.set(merchantId, list);
    if (list.length >= BATCH) await settle(merchantId);
  }
  for (const merchantId of [...pending.keys()]) await settle(merchantId);
  return result;
}

/**
 * The sweep as a job of the queue: one queued (by its dedupe key) for every instance sharing the
 * database, run every UPLOAD_SWEEP_HOURS (a first time a minute after start-up), its last result
 * kept as its progress. UPLOAD_SWEEP_HOURS=0: never.
 */
export function registerUploadSweep(
  app: { addHook(name: 'onReady', hook: () => Promise<void>): unknown },
  { db, jobs, config }: AppContext,
  storage: FileStorage,
) {
  const everyMs = config.UPLOAD_SWEEP_HOURS * 3_600_000;
  jobs.register(SWEEP_JOB, async (job) => {
    const result = await sweepUploads(db, storage, {
      graceMs: config.UPLOAD_SWEEP_GRACE_HOURS * 3_600_000,
    });
    await job.progress({ ...result, at: new Date().toISOString() });
    return everyMs > 0 ? new RunAgain(everyMs) : result;
  });
  if (config.JOBS === 'on' && everyMs > 0)
    app.addHook('onReady', async () => {
      await jobs.enqueue(SWEEP_JOB, {}, { dedupeKey: 'sweep', delayMs: 60_000, maxAttempts: 10 });
    });
}
