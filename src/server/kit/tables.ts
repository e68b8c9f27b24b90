import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '../../shared/resource';
import { allTables } from '../db/all-tables';

/** A table with the columns every resource has. */
export type ResourceTable = PgTable & {
  id: PgColumn;
  merchantId: PgColumn;
  updatedAt?: PgColumn;
};

const byName = new Map(allTables.map((table) => [getTableName(table), table]));

/** The drizzle table a resource names. */
export function tableOf(resource: ResourceDef): ResourceTable {
  const table = byName.get(resource.table);
  if (!table) throw new Error(`${resource.name}: no table ${resource.table} in db/schema`);
  return table as ResourceTable;
}

/** A resource's column for a field. */
export function columnOf(resource: ResourceDef, table: ResourceTable, key: string): PgColumn {
  const column = (table as unknown as Record<string, PgColumn>)[key];
  if (!column) throw new Error(`${resource.name}: table ${resource.table} has no column ${key}`);
  return column;
}
