/** The database a benchmark runs on: a temporary PGlite folder or a temporary database on the PostgreSQL server. */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Database, type Listen, listenPglite, listenPostgres } from '../src/server/db/client';
import { knobs, onCleanup, runCleanup, tmpDir } from './support';

export type Kind = 'pglite' | 'postgresql';

// ---------------------------------------------------------------------------------------------
// The database: a temporary PGlite folder or a temporary database on the PostgreSQL server.

export interface Target {
  kind: Kind;
  env: Record<string, string>;
  open(): Promise<Direct>;
  drop(): Promise<void>;
}
export interface Statement {
  sql: string;
  params: unknown[];
}
export interface Direct {
  db: Database;
  /** The database's notifications, as the server hears them (its session cache needs them). */
  listen: Listen;
  /** Every statement drizzle ran since the last reset. */
  captured: Statement[];
  raw(statement: Statement): Promise<unknown>;
  close(): Promise<void>;
}

/** A drizzle logger that keeps every statement (with its parameters) in `captured`. */
function capturing(captured: Statement[]) {
  return { logQuery: (sql: string, params: unknown[]) => captured.push({ sql, params }) };
}

/** One statement on the PostgreSQL server's maintenance database (create/drop a database). */
async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: knobs.pgServer });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createTarget(kind: Kind): Promise<Target> {
  if (kind === 'pglite') {
    const dir = tmpDir('pglite-data');
    return {
      kind,
      env: { DATA_DIR: dir },
      async open() {
        const client = new PGlite(dir);
        await client.waitReady;
        const captured: Statement[] = [];
        const db = drizzlePglite(client, { logger: capturing(captured) }) as unknown as Database;
        return {
          db,
          captured,
          listen: (channel, listener) => listenPglite(client, channel, listener),
          raw: (s) => client.query(s.sql, s.params),
          close: () => client.close(),
        };
      },
      async drop() {},
    };
  }
  const name = `ma_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(knobs.pgServer);
  url.pathname = `/${name}`;
  if (knobs.keep) console.log(`Kept for reading afterwards (BENCH_KEEP=1): ${url}`);
  const drop = onCleanup(() =>
    knobs.keep ? undefined : onServer(`drop database if exists ${name} with (force)`),
  );
  return {
    kind,
    env: { DATABASE_URL: url.toString() },
    async open() {
      const pool = new pg.Pool({ connectionString: url.toString(), max: knobs.connections });
      pool.on('error', () => {});
      const captured: Statement[] = [];
      const db = drizzlePg(pool, { logger: capturing(captured) }) as unknown as Database;
      return {
        db,
        captured,
        listen: (channel, listener) => listenPostgres(url.toString(), channel, listener),
        raw: (s) => pool.query(s.sql, s.params),
        close: () => pool.end(),
      };
    },
    drop: () => runCleanup(drop),
  };
}
