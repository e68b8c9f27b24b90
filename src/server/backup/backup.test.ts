import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedFirstStart } from '../db/seed';
import { OWNER_PASSWORD } from '../test-support';
import {
  createBackup,
  knownSchemaVersion,
  readBackupManifest,
  readServerFile,
  restoreBackup,
  SERVER_FILE,
} from './archive';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const repoRoot = path.resolve(import.meta.dirname, '../../..');
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ma-backup-test-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true, maxRetries: 3 });
});

/** Runs `npm run <script>`'s file as npm would, with these settings; answers its exit code and output. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'scripts', script), ...args],
      { cwd: repoRoot, env: { ...process.env, ...env }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          output: `${stdout}${stderr}`,
        }),
    );
  });
}

function uploadRequest(token: string) {
  const boundary = '----backup-load';
  return {
    method: 'POST' as const,
    url: '/admin/upload',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  };
}

// The embedded database only (PostgreSQL is backed up with pg_dump, see README): the run on
// PGlite covers it, the run with TEST_DATABASE_URL would only repeat it.
describe.skipIf(!!process.env.TEST_DATABASE_URL)(
  'backup and restore of the embedded database',
  () => {
    it('restores a backup taken under a write load with every write acknowledged before it', async () => {
      const dataDir = path.join(root, 'data');
      const database = await openDatabase({ dataDir });
      await database.migrate();
      await seedFirstStart(database.db, OWNER_PASSWORD);
      const config = loadConfig({
        NODE_ENV: 'test',
        WEB_DIST: '/nonexistent-web-dist',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
      });
      const app = await buildApp({ db: database.db, config });
      const server = await readServerFile(dataDir);
      expect(server?.token).toMatch(/^[a-f0-9]{64}$/);

      const login = await app.inject({
        method: 'POST',
        url: '/admin/auth/login',
        payload: { name: 'admin', password: OWNER_PASSWORD },
      });
      const token = login.json().data.token as string;

      // Writers upload until told to stop (or a thousand each); each answer of 200 is an
      // acknowledged write. A writer rests 20 ms between uploads: at 5 ms the three wrote all their
      // uploads before the backup ended, and the wait below for five more then ran out its 30 s.
      const acknowledged: string[] = [];
      let stop = false;
      let writing = 3;
      const writer = async () => {
        try {
          for (let i = 0; i < 1000 && !stop; i++) {
            const res = await app.inject(uploadRequest(token));
            expect(res.json().code).toBe(200);
            acknowledged.push(res.json().data.url as string);
            await new Promise((r) => setTimeout(r, 20));
          }
        } finally {
          writing--;
        }
      };
      const writers = Array.from({ length: writing }, writer);
      /** Waits (bounded) until `n` writes are acknowledged, or until the writers have written all theirs. */
      const acknowledgedReach = async (n: number) => {
        for (let i = 0; i < 6000 && acknowledged.length < n && writing > 0; i++) {
          await new Promise((r) => setTimeout(r, 5));
        }
      };
      await acknowledgedReach(10);

      let archive = '';
      let after = 0;
      let before: string[] = [];
      const env = { DATA_DIR: dataDir };
      try {
        const refused = await app.inject({
          method: 'POST',
          url: '/ops/backup',
          headers: { authorization: 'Bearer nope' },
        });
        expect(refused.statusCode).toBe(401);

        // `npm run backup` against the listening server, as an operator runs it.
        await app.listen({ host: '127.0.0.1', port: 0 });
        archive = path.join(root, 'backup.tar.gz');
        before = [...acknowledged];
        const backup = await runScript('backup.ts', [archive], env);
        after = acknowledged.length;
        expect(backup.code, backup.output).toBe(0);
        expect(backup.output).toContain('uploads included');
        // It holds the whole database: readable by its user alone.
        expect(statSync(archive).mode & 0o777).toBe(0o600);
        const whileRunning = await runScript('restore.ts', [archive], env);
        expect(whileRunning.code).toBe(1);
        expect(whileRunning.output).toContain('stop it before restoring');
        // The load goes on a little past the backup, then stops.
        await acknowledgedReach(after + 5);
      } finally {
        stop = true;
        await Promise.allSettled(writers);
        await app.close();
        await database.close();
      }
      await Promise.all(writers);
      expect(existsSync(path.join(dataDir, SERVER_FILE))).toBe(false);

      const manifest = await readBackupManifest(archive);
      expect(manifest.schemaVersion).toBe(await knownSchemaVersion());
      expect(manifest.uploadsIncluded).toBe(true);

      const restore = await runScript('restore.ts', [archive], env);
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toContain('data.before-restore-');
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(dataDir, 'PG_VERSION')).mode & 0o777).toBe(0o600);

      const restored = new PGlite(dataDir);
      try {
        const { rows } = await restored.query<{ target_id: string }>(
          "select target_id from operation_logs where action = 'upload.create'",
        );
        const logged = new Set(rows.map((r) => r.target_id));
        const missing = before.filter((url) => !logged.has(url));
        expect(missing).toEqual([]);
        // Every logged upload has its file, byte for byte.
        for (const url of logged) {
          const file = path.join(config.UPLOAD_DIR, url.replace(/^\/uploads\//, ''));
          expect((await readFile(file)).equals(PNG), url).toBe(true);
        }
        // The backup did not wait for the load to end.
        expect(logged.size).toBeLessThan(acknowledged.length);
      } finally {
        await restored.close();
      }
    }, 180_000);

    it('keeps an upload folder outside the data folder, and leaves S3 uploads out', async () => {
      const dataDir = path.join(root, 'apart-data');
      const uploadDir = path.join(root, 'apart-uploads');
      const database = await openDatabase({ dataDir });
      await database.migrate();
      await mkdir(path.join(uploadDir, '1', '2026-11'), { recursive: true });
      await writeFile(path.join(uploadDir, '1', '2026-11', 'a.png'), PNG);
      await writeFile(path.join(uploadDir, '1', '2026-11', 'b.png.123.partial'), 'half');
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const local = await createBackup(client, { storage: 'local', uploadDir, folder: root });
      const s3 = await createBackup(client, { storage: 's3', uploadDir, folder: root });
      await database.close();

      const entries = async (file: string) => {
        const names: string[] = [];
        await tar.t({ file, onReadEntry: (e) => names.push(e.path) });
        return names.filter((n) => n.startsWith('uploads/'));
      };
      expect(await entries(local.file)).toEqual(['uploads/1/2026-11/a.png']);
      expect(s3.manifest).toMatchObject({ storage: 's3', uploadsIncluded: false });
      expect(await entries(s3.file)).toEqual([]);

      const { movedAside } = await restoreBackup({ file: local.file, dataDir, uploadDir });
      expect(movedAside).toHaveLength(2);
      expect((await readFile(path.join(uploadDir, '1', '2026-11', 'a.png'))).equals(PNG)).toBe(
        true,
      );
      expect(existsSync(path.join(uploadDir, '1', '2026-11', 'b.png.123.partial'))).toBe(false);
      const restored = new PGlite(dataDir);
      try {
        const { rows } = await restored.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        expect(rows[0]?.n).toBe(await knownSchemaVersion());
      } finally {
        await restored.close();
      }
    }, 120_000);

    it('backs itself up on BACKUP_CRON into BACKUP_DIR, keeping the newest BACKUP_KEEP', async () => {
      const dataDir = path.join(root, 'scheduled-data');
      const backupDir = path.join(root, 'scheduled-backups');
      const database = await openDatabase({ dataDir });
      await database.migrate();
      await seedFirstStart(database.db, OWNER_PASSWORD);
      // An old archive of another schedule's making is pruned with the rest; other files stay.
      await mkdir(backupDir, { recursive: true });
      await writeFile(
        path.join(backupDir, 'merchant-admin-2020-01-01T00-00-00-000Z-aaaaaa.tar.gz'),
        '',
      );
      await writeFile(path.join(backupDir, 'notes.txt'), 'kept');
      const config = loadConfig({
        NODE_ENV: 'test',
        WEB_DIST: '/nonexistent-web-dist',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        BACKUP_CRON: '*/2 * * * * *', // every two seconds
        BACKUP_DIR: backupDir,
        BACKUP_KEEP: '2',
      });
      const app = await buildApp({ db: database.db, config });
      const archives = async () =>
        (await readdir(backupDir)).filter((name) => name.endsWith('.tar.gz')).sort();
      try {
        // Three runs made (the third prunes the first two and the old one): two archives stay.
        for (let i = 0; i < 300; i++) {
          const made = (await archives()).filter((name) => !name.includes('2020-01-01'));
          if (made.length >= 2 && !(await archives()).some((n) => n.includes('2020-01-01'))) break;
          await new Promise((r) => setTimeout(r, 200));
        }
      } finally {
        await app.close();
        await database.close();
      }
      const kept = await archives();
      expect(kept.length).toBe(2);
      expect(kept.some((name) => name.includes('2020-01-01'))).toBe(false);
      expect(await readFile(path.join(backupDir, 'notes.txt'), 'utf8')).toBe('kept');
      const manifest = await readBackupManifest(path.join(backupDir, kept[1]!));
      expect(manifest).toMatchObject({
        database: 'pglite',
        schemaVersion: await knownSchemaVersion(),
      });
    }, 120_000);

    it('refuses a schedule that is not a cron expression', () => {
      expect(() => loadConfig({ BACKUP_CRON: 'every night' })).toThrow(/BACKUP_CRON/);
    });

    it('refuses an archive from a newer schema and leaves the data folder alone', async () => {
      const staging = path.join(root, 'newer');
      await mkdir(path.join(staging, 'database', 'pgdata'), { recursive: true });
      await writeFile(
        path.join(staging, 'manifest.json'),
        JSON.stringify({
          format: 'merchant-admin-backup',
          formatVersion: 1,
          createdAt: new Date().toISOString(),
          database: 'pglite',
          schemaVersion: (await knownSchemaVersion()) + 1,
          lastMigration: '9999_future',
          storage: 'local',
          uploadsIncluded: false,
        }),
      );
      const archive = path.join(root, 'newer.tar.gz');
      await tar.c({ gzip: true, cwd: staging, file: archive }, ['manifest.json', 'database']);
      const dataDir = path.join(root, 'untouched');
      await mkdir(dataDir, { recursive: true });
      await writeFile(path.join(dataDir, 'PG_VERSION'), '17\n');
      await expect(
        restoreBackup({ file: archive, dataDir, uploadDir: path.join(dataDir, 'uploads') }),
      ).rejects.toThrow(/newer version/);
      expect(await readFile(path.join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    });

    it('refuses to restore while a server has the folder open', async () => {
      const dataDir = path.join(root, 'in-use');
      await mkdir(dataDir, { recursive: true });
      // A live process that is not this one: the parent (the test runner's).
      await writeFile(
        path.join(dataDir, SERVER_FILE),
        JSON.stringify({ pid: process.ppid, token: 'x' }),
      );
      await expect(
        restoreBackup({
          file: path.join(root, 'any.tar.gz'),
          dataDir,
          uploadDir: path.join(dataDir, 'uploads'),
        }),
      ).rejects.toThrow(/stop it/);
    });
  },
);
