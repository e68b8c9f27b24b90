import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll } from 'vitest';
import { signInName } from '../shared/validate';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { admins, merchants } from './db/schema';
import { seedFirstStart } from './db/seed';
import { hashPassword } from './modules/auth/password';

export const OWNER_PASSWORD = 'Owner-Passw0rd';

let shared: Promise<DatabaseHandle> | undefined;
let dropDatabase = async () => {};

/**
 * A new, empty database on the PostgreSQL server at `serverUrl` (its name starts with `prefix`),
 * and how to drop it.
 */
export async function scratchDatabase(serverUrl: string, prefix = 'ma_test') {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** One database per test file: PGlite in memory, or a new database on TEST_DATABASE_URL. */
async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let url: string | undefined;
  if (serverUrl) {
    const scratch = await scratchDatabase(serverUrl);
    url = scratch.url;
    dropDatabase = scratch.drop;
  }
  const database = await openDatabase({ url, poolSize: 4 });
  await database.migrate();
  return database;
}

/** The test file's database (opened once per file). */
export function testDatabase(): Promise<DatabaseHandle> {
  shared ??= openTestDatabase();
  return shared;
}

afterAll(async () => {
  if (!shared) return;
  const database = await shared;
  shared = undefined;
  await database.close();
  await dropDatabase();
});

/** Empties every table, so each test starts from the first-start state. */
async function resetDatabase(database: DatabaseHandle) {
  const { rows } = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: { tablename: string }[] };
  const tables = rows.map((r) => `"${r.tablename}"`).join(', ');
  if (tables) await database.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
}

/**
 * A fresh app on an emptied, migrated and seeded database. The database lives as long as the test
 * file (opening PGlite takes seconds); `close()` closes the app only.
 */
export async function createTestApp(env: Record<string, string> = {}) {
  const database = await testDatabase();
  await resetDatabase(database);
  await seedFirstStart(database.db, OWNER_PASSWORD);
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({ db: database.db, listen: database.listen, config });

  return {
    app,
    db: database.db,
    kind: database.kind,
    config,
    async close() {
      await app.close();
    },
    /**
     * After changing sessions, accounts or merchants straight in SQL: waits for the server to hear
     * of it (on PostgreSQL a notification arrives on a connection of its own).
     */
    caughtUp: () => app.authCaughtUp(),
    /** POSTs JSON the way the SPA does, with an optional bearer token. */
    post(url: string, body: unknown = {}, token?: string, headers: Record<string, string> = {}) {
      return app.inject({
        method: 'POST',
        url,
        payload: body as object,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      });
    },
    /**
     * Sends a file to the data helper (`/admin/import/<action>`) as the app does: multipart, the
     * form's fields first, then the file under its name (`.csv` is read as CSV).
     */
    importFile(
      action: 'validate' | 'commit' | 'errors',
      file: Buffer,
      fields: Record<string, string>,
      token: string,
      { filename = 'import.xlsx', language }: { filename?: string; language?: 'zh' | 'en' } = {},
    ) {
      const boundary = '----test-import';
      const parts = Object.entries(fields).map(([name, value]) =>
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
      const body = Buffer.concat([
        ...parts,
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.inject({
        method: 'POST',
        url: `/admin/import/${action}`,
        payload: body,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${token}`,
          ...(language ? { 'accept-language': language } : {}),
        },
      });
    },
    async login(name = 'admin', password = OWNER_PASSWORD): Promise<string> {
      const res = await app.inject({
        method: 'POST',
        url: '/admin/auth/login',
        payload: { name, password },
      });
      const body = res.json();
      if (body.code !== 200) throw new Error(`login failed: ${body.msg}`);
      return body.data.token;
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A port nobody listens on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The app listening on a free port of 127.0.0.1, for tests where an outside service (a fake
 * payment provider) calls it back at `base`; `env` is given that address.
 */
export async function createListeningTestApp(env: (base: string) => Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp(env(base));
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, base };
}

export const SUB_PASSWORD = 'Sub-Passw0rd';

/** An account for a test: a sub-account of `merchantId` with these routes, or another owner. */
export async function createAccount(
  t: TestApp,
  options: { name: string; merchantId?: number; permissions?: string[]; isOwner?: boolean },
) {
  const [account] = await t.db
    .insert(admins)
    .values({
      merchantId: options.merchantId ?? 1,
      name: options.name,
      realname: options.name,
      passwordHash: await hashPassword(SUB_PASSWORD),
      isOwner: options.isOwner ?? false,
      permissions: options.permissions ?? [],
    })
    .returning();
  if (!account) throw new Error('insert failed');
  const [merchant] = await t.db
    .select({ code: merchants.code })
    .from(merchants)
    .where(eq(merchants.id, account.merchantId));
  return { account, token: await t.login(signInName(account, merchant!.code), SUB_PASSWORD) };
}

/** A second merchant with its own owner: for isolation tests. */
export async function createOtherMerchant(t: TestApp, name = 'other-owner') {
  const [merchant] = await t.db.insert(merchants).values({ name: '别家店铺' }).returning();
  if (!merchant) throw new Error('insert failed');
  const { account, token } = await createAccount(t, {
    name,
    merchantId: merchant.id,
    isOwner: true,
  });
  return { merchant, owner: account, token };
}
