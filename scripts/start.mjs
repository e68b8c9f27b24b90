// `npm start`: builds the web app when the build is missing or older than its sources, then runs
// the server in this process (so SIGTERM/SIGINT reach its graceful shutdown).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const built = path.resolve('dist/web/index.html');
const sources = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  'package-lock.json',
  'scripts/postbuild.mjs',
  'scripts/antd-styles.tsx',
  'scripts/prerender-login.ts',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(target)) {
    if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  }
  return newest;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestMtime));
if (builtAt < changedAt) {
  console.log(builtAt ? 'Sources changed: rebuilding the web app…' : 'Building the web app…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
