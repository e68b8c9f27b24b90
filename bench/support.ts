import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, chromium } from 'playwright-core';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const RESULTS = path.join(ROOT, 'bench', 'results', 'latest.json');
export const BENCH_PASSWORD = 'Bench-Passw0rd';
export const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
export const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
export const ms = (value: number) => Math.round(value * 10) / 10;

export interface Server {
  url: string;
  child: ChildProcess;
  startMs: number;
  stop(): Promise<void>;
}

/** Starts the production server (built SPA) on a free port and waits for /healthz. */
export async function startServer(env: Record<string, string>, port: number): Promise<Server> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: BENCH_PASSWORD,
      LOGIN_MAX_PER_IP: '1000000',
      LOGIN_MAX_FAILURES: '1000000',
      RATE_LIMIT_PER_MINUTE: '10000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await sleep(50);
  }
  const startMs = performance.now() - started;
  return {
    url,
    child,
    startMs,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Resident memory of a process, in MiB (Linux). */
export function rssMiB(pid: number | undefined): number {
  if (!pid) return 0;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'admin', password: BENCH_PASSWORD }),
  });
  const body = (await res.json()) as { code: number; data: { token: string } };
  if (body.code !== 200) throw new Error('bench sign-in failed');
  return body.data.token;
}

/** Merges one part's figures into bench/results/latest.json. */
export function saveResults(part: string, figures: unknown) {
  mkdirSync(path.dirname(RESULTS), { recursive: true });
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(RESULTS, 'utf8'));
  } catch {}
  all[part] = figures;
  all.takenAt = new Date().toISOString();
  all.machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  writeFileSync(RESULTS, `${JSON.stringify(all, null, 2)}\n`);
}

export function table(title: string, rows: (string | number)[][]) {
  console.log(`\n${title}`);
  const widths =
    rows[0]?.map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? '').length))) ?? [];
  for (const row of rows)
    console.log(`  ${row.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join('  ')}`);
}
