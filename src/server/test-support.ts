import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { signInName } from '../shared/validate';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { admins } from './db/schema/account';
import { merchants } from './db/schema/merchant';
import { seedFirstStart } from './db/seed';
import { AUTH_CHANNEL } from './modules/auth/session-cache';
import { workerDatabase } from './test-database';
import { serverQuery } from './test-global-setup';

export const OWNER_PASSWORD = 'Owner-Passw0rd';

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
    drop: async () => {
      await serverQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * The worker's test database: a fresh copy of the migrated template, opened on first use. An app
 * kept by another test file is closed first: its job worker must not run this file's jobs.
 */
export async function testDatabase(): Promise<DatabaseHandle> {
  if (kept && kept.file !== currentFile()) await dropKeptApp();
  return workerDatabase();
}

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

/**
 * Empties every table and restarts every sequence, so each test starts from the first-start
 * state: in one statement run by the database, `delete` from every table of the app's schema
 * (on a table with a few rows, far cheaper than `truncate`, which gives every table and index new
 * files: 1 s for the schema's 70-odd tables on a loaded PGlite, against some 20 ms), with
 * foreign keys and triggers off meanwhile (`session_replication_role = replica`: no order to keep,
 * no list versions or notifications for rows that all go). Then every used sequence starts again,
 * as a new database's would. The sandboxes' signing keys stay, as an installation's keys do: an
 * app reads its key once and keeps it, and a test signs callbacks with the key in the table.
 */
const EMPTY_ALL = `do $$
declare
  name text;
begin
  set local session_replication_role = replica;
  for name in select tablename from pg_tables where schemaname = 'public'
      and tablename not in ('payment_sandbox_keys', 'mini_program_sandbox_keys') loop
    execute format('delete from public.%I', name);
  end loop;
  perform setval(s.seqrelid, s.seqstart, false)
    from pg_sequence s join pg_class c on c.oid = s.seqrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and pg_sequence_last_value(s.seqrelid) is not null;
end $$`;

async function resetDatabase(database: DatabaseHandle) {
  // One transaction: on PostgreSQL `set local` holds for the connection the pool lends it.
  await database.db.transaction((tx) => tx.execute(sql.raw(EMPTY_ALL)));
}

type App = Awaited<ReturnType<typeof buildApp>>;

/** An app that tests of one file share (`createTestApp(env, { shared: true })`). */
interface KeptApp {
  /** The environment it was built with. */
  key: string;
  /** The test file that built it. */
  file: string | undefined;
  app: App;
  config: ReturnType<typeof loadConfig>;
  /** False once a test made it its own: gave it a job handler, listened on it or closed it. */
  reusable: boolean;
}
let kept: KeptApp | undefined;

function currentFile(): string | undefined {
  return expect.getState().testPath;
}

async function dropKeptApp() {
  const app = kept?.app;
  kept = undefined;
  await app?.close();
}

/** Builds the app the tests use: on the worker's database, quiet, without a built web app. */
async function buildTestApp(database: DatabaseHandle, env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({ db: database.db, listen: database.listen, config });
  return { app, config };
}

/**
 * The kept app again for the next test, as a new one would be: the jobs it had in hand done
 * before the database is emptied (by the caller), and then no request counted, no session cached.
 */
async function reuseKeptApp(entry: KeptApp, database: DatabaseHandle) {
  if (entry.config.JOBS === 'on') await entry.app.jobs.drain();
  return async () => {
    entry.app.forgetRequestCounts();
    // The reset deleted the sessions with triggers off: the cache hears of it here ('*' = all).
    await database.db.execute(sql`select pg_notify(${AUTH_CHANNEL}, '*')`);
    await entry.app.authCaughtUp();
  };
}

/** Keeps `app` for the file's next tests, until a test makes it its own. */
async function keepApp(entry: KeptApp) {
  const { app } = entry;
  app.addHook('onClose', async () => {
    entry.reusable = false;
    if (kept === entry) kept = undefined;
  });
  const register = app.jobs.register.bind(app.jobs);
  app.jobs.register = ((...args: Parameters<typeof register>) => {
    entry.reusable = false;
    return register(...args);
  }) as typeof app.jobs.register;
  // Ready now: a test that would add routes or hooks to it fails at once, asking for its own.
  await app.ready();
  kept = entry;
}

/**
 * A fresh app on an emptied, migrated and seeded database. The database lives as long as the
 * worker (opening PGlite takes a second); `close()` closes the app only.
 *
 * `shared` (the default): a file's tests with the same `env` share one app (building one takes
 * some 0.4 s; sharing took a quarter off the API suite's time), made ready at once and started
 * again before each test: the jobs it had in hand finished, the database emptied, no request
 * counted, no session cached. A test that adds routes to it fails (it is ready): such a test asks
 * for its own (`{ shared: false }`). One that gives it a job handler, listens on it or closes it
 * has it to itself: the next test gets a new one.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { shared = true }: { shared?: boolean } = {},
) {
  const key = JSON.stringify(Object.entries(env).sort());
  const file = currentFile();
  if (kept && !(shared && kept.reusable && kept.key === key && kept.file === file))
    await dropKeptApp();
  const database = await testDatabase();
  const entry = kept;
  const restart = entry && (await reuseKeptApp(entry, database));
  await resetDatabase(database);
  await seedFirstStart(database.db, OWNER_PASSWORD, await testPasswordHash(OWNER_PASSWORD));
  let app: App;
  let config: KeptApp['config'];
  if (entry && restart) {
    ({ app, config } = entry);
    await restart();
  } else {
    ({ app, config } = await buildTestApp(database, env));
    if (shared) await keepApp({ key, file, app, config, reusable: true });
  }

  return {
    app,
    db: database.db,
    kind: database.kind,
    config,
    /** Closes the app, unless it is kept for the file's next test. */
    async close() {
      if (shared && kept?.app === app && kept.reusable && !app.server.listening) return;
      if (kept?.app === app) kept = undefined;
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
