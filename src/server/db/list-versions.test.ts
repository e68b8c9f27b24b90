import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { testDatabase } from '../test-support';
import { attachListVersions, listVersionTables } from './list-versions';
import { jobs } from './schema/job';
import { listVersions } from './schema/list-version';
import { merchants } from './schema/merchant';

// Opening the worker's database (loading the template) may take longer than a test.
beforeAll(() => testDatabase(), 120_000);

const rowsOf = <T>(answer: unknown) => (answer as { rows: T[] }).rows;

it('gives the table of every resource with a list its three list-version triggers', async () => {
  const { db } = await testDatabase();
  const tables = listVersionTables();
  // The ones a hand-written migration line once forgot are among them.
  expect(tables).toEqual(expect.arrayContaining(['coupons', 'jobs', 'marketplace_accounts']));
  const found = rowsOf<{ table: string; trigger: string }>(
    await db.execute(sql`
      select c.relname as "table", t.tgname as "trigger"
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and t.tgname like '%\_list\_version\_%'`),
  );
  for (const table of tables) {
    expect(
      found
        .filter((f) => f.table === table)
        .map((f) => f.trigger)
        .sort(),
      table,
    ).toEqual([
      `${table}_list_version_delete`,
      `${table}_list_version_insert`,
      `${table}_list_version_update`,
    ]);
  }
});

it('attaches again without harm; a platform job (no merchant) raises no number, a merchant’s does', async () => {
  const { db } = await testDatabase();
  await attachListVersions(db);
  const [merchant] = await db
    .insert(merchants)
    .values({ name: 'list-versions test' })
    .returning({ id: merchants.id });
  const versionOfJobs = async () =>
    (
      await db
        .select({ version: listVersions.version })
        .from(listVersions)
        .where(and(eq(listVersions.tableName, 'jobs'), eq(listVersions.merchantId, merchant!.id)))
    )[0]?.version;
  await db.insert(jobs).values({ name: 'platform-sweep' });
  expect(await versionOfJobs()).toBeUndefined();
  await db.insert(jobs).values({ name: 'shop-work', merchantId: merchant!.id });
  const first = await versionOfJobs();
  expect(first).toBeGreaterThan(0);
  await db.update(jobs).set({ attempts: 1 }).where(eq(jobs.merchantId, merchant!.id));
  expect(await versionOfJobs()).toBe(first! + 1);
});
