import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  /** Runs `fn` while holding the cluster-wide start-up lock (PostgreSQL) — migrations, seeding. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');
/** Arbitrary constant key of the advisory lock that serialises start-up work. */
const STARTUP_LOCK_KEY = 727_274_001;

export interface OpenOptions {
  /** postgres://… for a server; absent for PGlite. */
  url?: string;
  /** PGlite data folder; absent = in memory. */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    // One process owns a PGlite folder, so there is nobody to serialise with.
    withStartupLock: (fn) => fn(),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const withStartupLock = async <T>(fn: () => Promise<T>): Promise<T> => {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      return await fn();
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
  };
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder }),
    withStartupLock,
    close: () => pool.end(),
  };
}
