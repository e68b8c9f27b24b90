import { chmodSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from './backup/archive';
import { openDatabase } from './db/client';
import { createLocalStorage } from './storage/local';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ma-private-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true, maxRetries: 3 });
});

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every folder and file under `dir` (itself included) whose mode lets anyone else in. */
function open(dir: string): string[] {
  const found = modeOf(dir) === 0o700 ? [] : [`${dir} ${modeOf(dir).toString(8)}`];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const mode = modeOf(file);
    if (mode & 0o077) found.push(`${path.relative(dir, file)} ${mode.toString(8)}`);
  }
  return found;
}

// The embedded database only: its folder is this process's (PostgreSQL keeps its own).
describe.skipIf(!!process.env.TEST_DATABASE_URL)('files on disk', () => {
  it('a new data folder, its database files and its lock are the user’s alone', async () => {
    // What an operator's shell usually has: without the fix PGlite writes 0666 files.
    const umask = process.umask(0o022);
    try {
      const dataDir = path.join(root, 'fresh', 'data');
      const database = await openDatabase({ dataDir });
      try {
        expect(modeOf(dataDir)).toBe(0o700);
        expect(open(dataDir)).toEqual([]);
        // Files the database makes once open (a table, its index, a checkpoint) are private too.
        const client = (database.db as unknown as { $client: PGlite }).$client;
        await client.exec(
          'create table t (a int); insert into t select generate_series(1, 10000); create index on t (a); checkpoint',
        );
        expect(open(dataDir)).toEqual([]);
      } finally {
        await database.close();
      }
      expect(open(dataDir)).toEqual([]);
    } finally {
      process.umask(umask);
    }
  }, 180_000);

  it('an older install’s open folder is closed when it is opened', async () => {
    const dataDir = path.join(root, 'older');
    await (await openDatabase({ dataDir })).close();
    // As an older version left it.
    chmodSync(dataDir, 0o755);
    for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true }))
      chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o666);
    const database = await openDatabase({ dataDir });
    try {
      expect(open(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('uploads and backups are the user’s alone', async () => {
    const umask = process.umask(0o022);
    try {
      const uploadDir = path.join(root, 'uploads');
      const storage = createLocalStorage(uploadDir);
      await storage.put('1/2026-11/a.png', Buffer.from('png'), 'image/png');
      expect(modeOf(path.join(uploadDir, '1', '2026-11'))).toBe(0o700);
      expect(modeOf(path.join(uploadDir, '1', '2026-11', 'a.png'))).toBe(0o600);

      const dataDir = path.join(root, 'backed-up');
      const database = await openDatabase({ dataDir });
      const backups = path.join(root, 'backups');
      try {
        const client = (database.db as unknown as { $client: PGlite }).$client;
        // What a backup reads of the schema (the migrations themselves are not needed here).
        await client.exec(
          'create schema drizzle; create table drizzle.__drizzle_migrations (id int)',
        );
        const { file } = await createBackup(client, {
          storage: 'local',
          uploadDir,
          folder: backups,
        });
        expect(modeOf(backups)).toBe(0o700);
        expect(modeOf(file)).toBe(0o600);
        // The one an operator asks for (POST /ops/backup) waits in the temporary folder.
        const asked = await createBackup(client, { storage: 'local', uploadDir });
        expect(modeOf(asked.file)).toBe(0o600);
        await rm(asked.file);
      } finally {
        await database.close();
      }
    } finally {
      process.umask(umask);
    }
  }, 180_000);
});
