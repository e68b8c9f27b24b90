import { getTableName, is } from 'drizzle-orm';
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '../../shared/resource';
import * as schema from '../db/schema';

/** A table with the columns every resource has. */
export type ResourceTable = PgTable & {
  id: PgColumn;
  merchantId: PgColumn;
  updatedAt?: PgColumn;
};

/** The drizzle table a resource names. */
export function tableOf(resource: ResourceDef): ResourceTable {
  const table = Object.values(schema).find(
    (value) => is(value, PgTable) && getTableName(value) === resource.table,
  );
  if (!table) throw new Error(`${resource.name}: no table ${resource.table} in db/schema`);
  return table as ResourceTable;
}

/** A resource's column for a field. */
export function columnOf(resource: ResourceDef, table: ResourceTable, key: string): PgColumn {
  const column = (table as unknown as Record<string, PgColumn>)[key];
  if (!column) throw new Error(`${resource.name}: table ${resource.table} has no column ${key}`);
  return column;
}
