import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { OWNER_PASSWORD, scratchDatabase } from '../../test-support';
import { reconcile } from './reconcile';

/**
 * kill -9 between a payment notification and its answer: the server credits the recharge,
 * commits, and dies before answering (FAULT_INJECT=kill-after-credit kills it with SIGKILL at
 * that point). Started again on the same data, the gateway's delivery (a job the dead server
 * held) is taken up once its lock runs out, sent again, answered, and nothing is credited twice.
 * On PGlite and, with TEST_DATABASE_URL, on PostgreSQL. It starts real servers (a minute on
 * PGlite), so it runs in CI or when MONEY_CRASH (or CRASH_ROUNDS) is set.
 */
const RUN = Boolean(process.env.CI || process.env.CRASH_ROUNDS || process.env.MONEY_CRASH);
const root = path.resolve(import.meta.dirname, '../../../..');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function start(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_PASSWORD: OWNER_PASSWORD,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent-web-dist',
      METRICS: 'public',
      JOB_POLL_MS: '200',
      JOB_LOCK_SECONDS: '2',
      PAYMENT_SANDBOX_CHAOS: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  cleanups.push(() => void child.kill('SIGKILL'));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (i > 900) throw new Error(`the server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base };
}

const exited = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.signalCode);
    child.once('exit', (_code, signal) => resolve(signal));
  });

async function post(base: string, url: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: Record<string, string> };
}

/** Where the data lives, and a way to open it once no server holds it. */
async function dataPlace(): Promise<{
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'ma-money-crash-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return { env: { DATA_DIR: dir }, open: () => openDatabase({ dataDir: dir }) };
  }
  const scratch = await scratchDatabase(serverUrl, 'ma_money_crash');
  cleanups.push(() => scratch.drop());
  return { env: { DATABASE_URL: scratch.url }, open: () => openDatabase({ url: scratch.url }) };
}

it.runIf(RUN)(
  'credits once when the server is killed between a notification and its answer',
  async () => {
    const place = await dataPlace();
    const first = await start({ ...place.env, FAULT_INJECT: 'kill-after-credit' });
    const login = await post(first.base, '/admin/auth/login', {
      name: 'admin',
      password: OWNER_PASSWORD,
    });
    const token = login.data.token!;
    const order = (
      await post(
        first.base,
        '/admin/cost-center/recharge',
        { amount: '66.66', method: 'alipay' },
        token,
      )
    ).data;
    // The payer pays on the sandbox's page; the gateway's worker notifies; the server credits,
    // commits and is killed before it answers.
    const paid = await fetch(`${first.base}${order.qrCode}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(await exited(first.child)).toBe('SIGKILL');

    // Started again: the delivery the dead server held is taken up and answered this time.
    const second = await start(place.env);
    let depth = '';
    for (let i = 0; i < 300; i++) {
      const metrics = await (await fetch(`${second.base}/metrics`)).text();
      depth = metrics
        .split('\n')
        .filter((l) => l.startsWith('job_queue_depth{name="payment-sandbox.notify"}'))
        .join();
      if (!depth || depth.endsWith(' 0')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const again = (
      await post(second.base, '/admin/auth/login', { name: 'admin', password: OWNER_PASSWORD })
    ).data.token!;
    const detail = await post(second.base, '/admin/cost-center/recharge-detail', order, again);
    expect(detail.data.status).toBe('paid');
    const profile = await post(second.base, '/admin/user/detail', {}, again);
    expect(profile.data.balance).toBe('66.66');
    second.child.kill('SIGTERM');
    await exited(second.child);

    const database = await place.open();
    try {
      const { rows: deliveries } = (await database.db.execute(
        sql`select state, attempts from jobs where name = 'payment-sandbox.notify'`,
      )) as unknown as { rows: { state: string; attempts: number }[] };
      // Sent twice: the answer the kill swallowed, and the retry that was answered.
      expect(deliveries).toEqual([{ state: 'done', attempts: 2 }]);
      const { rows: entries } = (await database.db.execute(
        sql`select amount from ledger_entries`,
      )) as unknown as { rows: { amount: string }[] };
      expect(entries).toEqual([{ amount: '66.66' }]);
      expect(await reconcile(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  },
  300_000,
);
