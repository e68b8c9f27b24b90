import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const RESULTS = path.join(ROOT, 'bench', 'results', 'latest.json');
export const BENCH_PASSWORD = 'Bench-Passw0rd';

/** Knobs (environment variables); the defaults are the full run. */
export const knobs = {
  /** Rows seeded into the list table. */
  rows: Number(process.env.BENCH_ROWS ?? 1_000_000),
  /** Seconds per autocannon scenario. */
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  /** Measured page loads per CPU rate (after one warm-up). */
  runs: Number(process.env.BENCH_RUNS ?? 5),
  /** Which databases the API and scale parts run on. */
  databases: (process.env.BENCH_DB ?? 'pglite,postgresql').split(',').map((s) => s.trim()),
  pgServer: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  /** 1: build the SPA afresh into a temporary folder instead of using dist/web. */
  freshBuild: process.env.BENCH_BUILD === '1',
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  /** 1: keep the PostgreSQL databases made (their URLs are printed), to read plans afterwards. */
  keep: process.env.BENCH_KEEP === '1',
};

// ---------------------------------------------------------------------------------------------
// Clean-up: temporary folders, databases and child processes go away even on Ctrl+C.

const cleanups: (() => Promise<void> | void)[] = [];
export function onCleanup(fn: () => Promise<void> | void) {
  cleanups.push(fn);
  return fn;
}
export async function runCleanup(fn: () => Promise<void> | void) {
  const i = cleanups.indexOf(fn);
  if (i >= 0) cleanups.splice(i, 1);
  await fn();
}
export async function cleanupAll() {
  while (cleanups.length) {
    try {
      await cleanups.pop()?.();
    } catch (err) {
      console.error(`clean-up: ${(err as Error).message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

/** The temporary folder of this bench process (removed at the end). */
let tmpRoot: string | undefined;
export function tmpDir(name: string): string {
  if (!tmpRoot) {
    tmpRoot = path.join(os.tmpdir(), `ma-bench-${process.pid}`);
    mkdirSync(tmpRoot, { recursive: true });
    const root = tmpRoot;
    onCleanup(() => rmSync(root, { recursive: true, force: true }));
  }
  const dir = path.join(tmpRoot, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

// ---------------------------------------------------------------------------------------------
// The built SPA: a private copy, so a rebuild by someone else mid-run cannot change it.

let webDist: string | undefined;
export function builtWeb(): string {
  if (webDist) return webDist;
  const target = tmpDir('build');
  const dist = path.join(ROOT, 'dist', 'web');
  if (knobs.freshBuild) {
    console.log('Building the SPA into a temporary folder (BENCH_BUILD=1)…');
    const out = path.join(target, 'dist', 'web');
    execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    // The project's post-build step (pre-compressed copies, platform-info.json) on that folder.
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'postbuild.mjs')], {
      cwd: target,
      stdio: 'inherit',
    });
    webDist = out;
    return webDist;
  }
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.log('dist/web is missing: npm run build…');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  webDist = path.join(target, 'web');
  cpSync(dist, webDist, { recursive: true });
  return webDist;
}

// ---------------------------------------------------------------------------------------------
// The server, as in production.

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Server {
  url: string;
  child: ChildProcess;
  /** From spawning the process to /healthz answering. */
  startMs: number;
  stop(): Promise<void>;
}

/** Starts src/server/main.ts with the built SPA on a free port and waits for /healthz. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  // BENCH_NODE_ARGS: flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // (a profile written when it stops; node refuses them in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: builtWeb(),
      ADMIN_PASSWORD: BENCH_PASSWORD,
      LOGIN_MAX_PER_IP: '100000000',
      LOGIN_MAX_FAILURES: '100000000',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(force);
  };
  const cleanup = onCleanup(stop);
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 20) {
    if (child.exitCode !== null) {
      await runCleanup(cleanup);
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (waited > 120_000) {
      await runCleanup(cleanup);
      throw new Error(`server did not answer /healthz in 120 s:\n${output}`);
    }
    await sleep(20);
  }
  return {
    url,
    child,
    startMs: performance.now() - started,
    stop: () => runCleanup(cleanup),
  };
}

/** Resident memory of a process, in MiB (Linux /proc). */
export function rssMiB(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

export async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg?: string; data: T };
  if (answer.code !== 200) throw new Error(`${url}: ${answer.code} ${answer.msg ?? ''}`);
  return answer.data;
}

export async function signIn(url: string): Promise<string> {
  const data = await post<{ token: string }>(`${url}/admin/auth/login`, {
    name: 'admin',
    password: BENCH_PASSWORD,
  });
  return data.token;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: knobs.chromium,
    args: CHROMIUM_ARGS,
  });
}

// ---------------------------------------------------------------------------------------------
// Figures.

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
export const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
export const round1 = (value: number) => Math.round(value * 10) / 10;

/** Not measured, and why. */
export interface NotApplicable {
  na: string;
}
export const na = (why: string): NotApplicable => ({ na: why });
export const isNa = (value: unknown): value is NotApplicable =>
  typeof value === 'object' && value !== null && 'na' in value;

/** One line of the closing summary: a figure beside its budget. */
export interface Verdict {
  part: string;
  figure: string;
  value: string;
  budget: string;
  /** true: within budget; false: above; null: no budget or not measured. */
  met: boolean | null;
}
export const verdicts: Verdict[] = [];
export function verdict(
  part: string,
  figure: string,
  value: number | NotApplicable | undefined,
  unit: string,
  budget?: { max?: number; min?: number },
) {
  if (value === undefined || isNa(value)) {
    verdicts.push({
      part,
      figure,
      value: `n/a (${value?.na ?? 'not measured'})`,
      budget: '',
      met: null,
    });
    return;
  }
  const text = budget?.max !== undefined ? `≤ ${budget.max} ${unit}` : '';
  const minText = budget?.min !== undefined ? `≥ ${budget.min} ${unit}` : '';
  const met =
    budget?.max !== undefined
      ? value <= budget.max
      : budget?.min !== undefined
        ? value >= budget.min
        : null;
  verdicts.push({
    part,
    figure,
    value: `${value} ${unit}`,
    budget: text || minText,
    met,
  });
}

export function machine() {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/**
 * How fast this machine is today, on one core: a fixed piece of JavaScript (JSON out and back and
 * a sort of 50,000 list rows) and of native code (SHA-256 of 32 MiB), median of 5, lower is
 * faster. Machines of one kind differ from day to day by up to three times, so figures from two
 * runs compare only beside these.
 */
let speed: { jsMs: number; nativeMs: number } | undefined;
export function machineSpeed() {
  if (speed) return speed;
  const rows = Array.from({ length: 50_000 }, (_, i) => ({
    id: i,
    title: `Store news ${(i * 7919) % 50_000}: new arrivals and opening hours`,
    status: i % 3 ? 'published' : 'draft',
    views: (i * 104_729) % 1_000_003,
    publishedAt: new Date(1_700_000_000_000 + i * 60_000).toISOString(),
  }));
  const block = Buffer.alloc(32 * 2 ** 20, 7);
  const time = (work: () => void) => {
    work(); // warm-up
    const runs = Array.from({ length: 5 }, () => {
      const start = performance.now();
      work();
      return performance.now() - start;
    });
    return round1(median(runs));
  };
  speed = {
    jsMs: time(() => {
      const copy = JSON.parse(JSON.stringify(rows)) as typeof rows;
      copy.sort((a, b) => b.views - a.views || (a.title < b.title ? -1 : 1));
    }),
    nativeMs: time(() => createHash('sha256').update(block).digest()),
  };
  return speed;
}
export const machineSpeedText = () => {
  const { jsMs, nativeMs } = machineSpeed();
  return `JS workload ${jsMs} ms, SHA-256 of 32 MiB ${nativeMs} ms (one core, lower is faster)`;
};

/** Merges one part's figures into bench/results/latest.json. */
export function saveResults(part: string, figures: unknown) {
  mkdirSync(path.dirname(RESULTS), { recursive: true });
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(RESULTS, 'utf8'));
  } catch {}
  all[part] = { ...(figures as object), takenAt: new Date().toISOString() };
  all.takenAt = new Date().toISOString();
  all.machine = machine();
  all.machineSpeed = machineSpeed();
  all.knobs = knobs;
  writeFileSync(RESULTS, `${JSON.stringify(all, null, 2)}\n`);
}

export function table(title: string, rows: (string | number)[][]) {
  console.log(`\n${title}`);
  const widths =
    rows[0]?.map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? '').length))) ?? [];
  rows.forEach((row, index) => {
    console.log(`  ${row.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd());
    if (index === 0) console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  });
}
