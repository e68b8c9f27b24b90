import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { signInName } from '../shared/validate';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { admins, merchants } from './db/schema';
import { seedFirstStart } from './db/seed';

export const OWNER_PASSWORD = 'Owner-Passw0rd';

let shared: Promise<DatabaseHandle> | undefined;

/**
 * A new, empty database on the PostgreSQL server at `serverUrl` (its name starts with `prefix`),
 * and how to drop it.
 */
export async function scratchDatabase(serverUrl: string, prefix = 'ma_test') {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await serverQuery(serverUrl, `create database ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: () => serverQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function serverQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A copy of the run's migrated template (test-global-setup.ts): PGlite in memory loaded from its
 * dump, or a new database on TEST_DATABASE_URL made from it. Nobody drops it: the API project runs
 * its files one after another in a few long-lived workers (isolate: false), so a worker's database
 * serves all its files, and the run's teardown drops the copies on the server.
 */
async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('testDatabaseTemplate');
  if (template.kind === 'pglite') {
    const dump = await readFile(template.dump);
    return openDatabase({ load: new Blob([dump]) });
  }
  const name = `${template.prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  // Two workers copying the template at once may be told it is in use: the copy is retried.
  for (let attempt = 1; ; attempt++) {
    try {
      await serverQuery(
        template.serverUrl,
        `create database ${name} template ${template.template}`,
      );
      break;
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  const url = new URL(template.serverUrl);
  url.pathname = `/${name}`;
  return openDatabase({ url: url.toString(), poolSize: 4 });
}

/** The worker's test database: a fresh copy of the migrated template, opened on first use. */
export function testDatabase(): Promise<DatabaseHandle> {
  shared ??= openTestDatabase();
  return shared;
}
// Opened as soon as a test file imports this: PGlite compiles its WebAssembly off the main thread
// while the file's other imports load. A failure is reported where the database is first used.
testDatabase().catch(() => {});

const hashes = new Map<string, Promise<string>>();
/**
 * The test accounts' password hashes: Argon2id as the product makes them, but made once per worker
 * and at the lowest cost, so that signing in (hundreds of times a run) verifies in a millisecond.
 */
export function testPasswordHash(password: string): Promise<string> {
  let made = hashes.get(password);
  if (!made) {
    made = hash(password, { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 });
    hashes.set(password, made);
  }
  return made;
}

const emptyStatements = new WeakMap<DatabaseHandle, Promise<string>>();

/** Empties every table, so each test starts from the first-start state. */
async function resetDatabase(database: DatabaseHandle) {
  let statement = emptyStatements.get(database);
  if (!statement) {
    statement = (async () => {
      const { rows } = (await database.db.execute(
        sql`select tablename from pg_tables where schemaname = 'public'`,
      )) as unknown as { rows: { tablename: string }[] };
      const tables = rows.map((r) => `"${r.tablename}"`).join(', ');
      return `truncate ${tables} restart identity cascade`;
    })();
    emptyStatements.set(database, statement);
  }
  await database.db.execute(sql.raw(await statement));
}

/**
 * A fresh app on an emptied, migrated and seeded database. The database lives as long as the
 * worker (opening PGlite takes a second); `close()` closes the app only.
 */
export async function createTestApp(env: Record<string, string> = {}) {
  const database = await testDatabase();
  await resetDatabase(database);
  await seedFirstStart(database.db, OWNER_PASSWORD, await testPasswordHash(OWNER_PASSWORD));
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
      passwordHash: await testPasswordHash(SUB_PASSWORD),
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

/**
 * The log lines of an app as `npm start` builds it (on the worker's database, jobs off): what an
 * operator reads at start-up.
 */
export async function startUpLog(env: Record<string, string>) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const database = await testDatabase();
  const config = loadConfig({ WEB_DIST: '/nonexistent-web-dist', JOBS: 'off', ...env });
  const app = await buildApp({
    db: database.db,
    config,
    logger: { level: 'info', stream } as never,
  });
  await app.ready();
  await app.close();
  return lines;
}
