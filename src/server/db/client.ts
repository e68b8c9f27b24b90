import { availableParallelism } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { privateDirSync, privateTree } from '../private-files';
import { lockDataDir } from './data-dir-lock';
import { attachListVersions } from './list-versions';

/**
 * The database, as the app queries it: with the query builder on tables imported from their own
 * files in db/schema (drizzle is given no schema: nothing uses its relational `db.query` API).
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = PgTransaction<PgQueryResultHKT>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Database | Transaction;

/** What a server hears of the database's notifications on one channel. */
export interface ChannelListener {
  /** A notification's payload. */
  message(payload: string): void;
  /** Listening, or not: while not, notifications may be missed. */
  live(listening: boolean): void;
}
export type Listen = (channel: string, listener: ChannelListener) => Promise<() => Promise<void>>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies pending migrations (serialised across instances on PostgreSQL), then gives every list
   * table its list-version triggers (list-versions.ts).
   */
  migrate(): Promise<void>;
  /** Runs `fn` while holding the cluster-wide start-up lock (PostgreSQL) — migrations, seeding. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Hears the NOTIFYs on `channel`: on PostgreSQL through a connection of its own, connected again
   * (with `live(false)` meanwhile) whenever it is lost. Answers the stop.
   */
  listen: Listen;
  /** PGlite only: the data folder as a tar file, which `OpenOptions.load` opens again. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');
/** Arbitrary constant key of the advisory lock that serialises start-up work. */
const STARTUP_LOCK_KEY = 727_274_001;

export interface OpenOptions {
  /** postgres://… for a server; absent for PGlite. */
  url?: string;
  /** PGlite data folder; absent = in memory. */
  dataDir?: string;
  /** Connections to the PostgreSQL server; default `defaultPoolSize()`. */
  poolSize?: number;
  /** PGlite in memory: starts from this dump (`dumpDataDir`) rather than an empty cluster. */
  load?: Blob;
}

/**
 * Twice the cores, at most 10 (node-postgres' own default): what the usual sizing rule gives a
 * database on a machine like this one. A statement beyond what the database's cores can run only
 * waits there, in a backend of its own, slowing the rest; in the pool it costs nothing. A database
 * on a machine of its own wants DATABASE_POOL_SIZE near twice its cores (README, Configuration).
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.min(10, 2 * cores);
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? defaultPoolSize());
  return openPglite(options.dataDir, options.load);
}

/** What PostgreSQL and this server keep in a data folder (not the uploads a folder may hold). */
const DATA_DIR_ENTRY =
  /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf|postmaster\.(opts|pid)|merchant-admin\.lock|\.ops-server\.json)$/;

async function openPglite(dataDir?: string, load?: Blob): Promise<DatabaseHandle> {
  let unlock = () => {};
  if (dataDir) {
    privateDirSync(dataDir);
    unlock = lockDataDir(dataDir);
  }
  const client = dataDir ? new PGlite(dataDir) : new PGlite({ loadDataDir: load });
  try {
    await client.waitReady;
    // PGlite writes a new cluster's files world-writable (0666) whatever the umask, and an older
    // install has them so: the database's files are made this user's alone (0700, 0600).
    if (dataDir) privateTree(dataDir, (name) => DATA_DIR_ENTRY.test(name));
  } catch (err) {
    if (client.ready) await client.close().catch(() => {});
    unlock();
    throw err;
  }
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
      await attachListVersions(db);
    },
    // One process owns a PGlite folder (lockDataDir), so there is nobody to serialise with.
    withStartupLock: (fn) => fn(),
    listen: (channel, listener) => listenPglite(client, channel, listener),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool) as unknown as Database;
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
    migrate: async () => {
      await migratePg(db as never, { migrationsFolder });
      await attachListVersions(db);
    },
    withStartupLock,
    listen: (channel, listener) => listenPostgres(url, channel, listener),
    close: () => pool.end(),
  };
}

/** LISTEN on PGlite's one connection: a notification is heard as the statement that committed it returns. */
export async function listenPglite(
  client: PGlite,
  channel: string,
  listener: ChannelListener,
): Promise<() => Promise<void>> {
  const stop = await client.listen(channel, (payload) => listener.message(payload));
  listener.live(true);
  return async () => {
    listener.live(false);
    if (!client.closed) await stop();
  };
}

/** LISTEN on a connection of its own, connected again (after 0.5 s, doubling to 10 s) when lost. */
export async function listenPostgres(
  url: string,
  channel: string,
  listener: ChannelListener,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    current = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      listener.live(false);
      client.end().catch(() => {});
      if (stopped) return;
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
      delay = Math.min(delay * 2, 10_000);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel) listener.message(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch {
      onLost();
      return;
    }
    if (stopped) return void client.end().catch(() => {});
    delay = 500;
    listener.live(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    listener.live(false);
    await current?.end().catch(() => {});
  };
}
