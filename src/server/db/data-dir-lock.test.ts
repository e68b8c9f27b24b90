import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from './client';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';

const folders: string[] = [];
function folder() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ma-lock-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('refuses a second process on an embedded database folder in use, with a clear message', async () => {
  const dir = folder();
  const first = await openDatabase({ dataDir: dir });
  try {
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    // Another process (node on the same lock code) is refused and says why.
    const other = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { lockDataDir } from ${JSON.stringify(path.resolve(import.meta.dirname, 'data-dir-lock.ts'))};
         lockDataDir(${JSON.stringify(dir)});`,
      ],
      { encoding: 'utf8' },
    );
    expect(other.status).not.toBe(0);
    expect(other.stderr).toContain(`is in use by another process (pid ${process.pid}`);
    // A second open in this process is refused too, before touching the folder.
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/is in use by another process/);
  } finally {
    await first.close();
  }
  expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  const again = await openDatabase({ dataDir: dir });
  await again.close();
});

it('takes over the lock of a process that is gone', () => {
  const dir = folder();
  // The id of a process that has exited: a server killed with its lock left behind.
  const gone = Number(
    execFileSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }),
  );
  writeFileSync(path.join(dir, LOCK_FILE), `${gone}\n`);
  const release = lockDataDir(dir);
  expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
  expect(() => lockDataDir(dir)).toThrow(`pid ${process.pid}, this one`);
  release();
  expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
});
