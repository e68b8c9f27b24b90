import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { OWNER_PASSWORD } from './test-support';

/**
 * kill -9 during a write load, then a start on the same data: every write the server acknowledged
 * is there. On PGlite (a data folder; the killed server's lock is taken over) and, with
 * TEST_DATABASE_URL, on PostgreSQL (a database of its own). CRASH_ROUNDS rounds (2 by default);
 * it starts real servers (a minute on PGlite), so it runs in CI or when CRASH_ROUNDS is set.
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 2);
const RUN = Boolean(process.env.CI || process.env.CRASH_ROUNDS);
const root = path.resolve(import.meta.dirname, '../..');
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

/** Where the data lives: a PGlite folder, or a new PostgreSQL database. */
async function dataPlace(): Promise<{ env: Record<string, string>; names(): Promise<string[]> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'ma-crash-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return {
      env: { DATA_DIR: dir },
      async names() {
        const database = await openDatabase({ dataDir: dir });
        try {
          const { rows } = (await database.db.execute('select name from customers')) as unknown as {
            rows: { name: string }[];
          };
          return rows.map((r) => r.name);
        } finally {
          await database.close();
        }
      },
    };
  }
  const name = `ma_crash_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  return {
    env: { DATABASE_URL: url.toString() },
    async names() {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query('select name from customers')).rows.map((r) => r.name);
      } finally {
        await client.end();
      }
    },
  };
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
    if (i > 600) throw new Error(`the server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base };
}

async function post(base: string, url: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: { token?: string } };
}

function killed(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

it.runIf(RUN)(
  'keeps every acknowledged write across kill -9',
  async () => {
    const place = await dataPlace();
    const acknowledged: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { child, base } = await start(place.env);
      const token = (
        await post(base, '/admin/auth/login', { name: 'admin', password: OWNER_PASSWORD })
      ).data.token!;
      let n = 0;
      let stop = false;
      // Four writers in parallel until the kill; only the answered 200s count as acknowledged.
      const writer = async () => {
        while (!stop) {
          const name = `r${round}-${n++}`;
          try {
            const res = await post(base, '/admin/customer/create', { name }, token);
            if (res.code === 200) acknowledged.push(name);
          } catch {
            return; // the connection died with the server: not acknowledged
          }
        }
      };
      const writers = [writer(), writer(), writer(), writer()];
      // Kill once a good number of writes have been acknowledged in this round.
      const target = acknowledged.length + 40;
      while (acknowledged.length < target) await new Promise((r) => setTimeout(r, 5));
      await killed(child);
      stop = true;
      await Promise.all(writers);
    }
    // A last start proves the data opens (on PGlite, over the killed server's lock), then stops.
    const { child } = await start(place.env);
    await killed(child);
    const stored = new Set(await place.names());
    const lost = acknowledged.filter((name) => !stored.has(name));
    expect(acknowledged.length).toBeGreaterThanOrEqual(40 * ROUNDS);
    expect(lost).toEqual([]);
  },
  300_000,
);
