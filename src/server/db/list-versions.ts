import { sql } from 'drizzle-orm';
import { resources } from '../../shared/resources';
import type { Executor } from './client';

/**
 * The tables whose lists keep their count while nothing changed (kit/list.ts): every resource's
 * that has a list (a single-row resource has none). Derived, so a new area needs no hand-written
 * trigger line in its migration.
 */
export function listVersionTables(): string[] {
  const tables = resources
    .filter((resource) => resource.actions.includes('list') && !resource.single)
    .map((resource) => resource.table);
  return [...new Set(tables)].sort();
}

/**
 * Gives each list table that lacks them the statement triggers that raise its number in
 * list_versions (`attach_list_version`, migration 0009). Run after every migration: a table
 * that has them is left as it is.
 */
export async function attachListVersions(db: Executor): Promise<void> {
  const tables = listVersionTables();
  await db.execute(sql`
    select "attach_list_version"(list_table)
    from unnest(${sql.param(tables)}::text[]) as list_table
    where not exists (
      select 1 from pg_trigger
      where tgrelid = list_table::regclass and tgname = list_table || '_list_version_insert'
    )`);
}
