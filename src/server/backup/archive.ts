import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { PRIVATE_FILE_MODE, privateDir, privateTree } from '../private-files';

/** What a backup archive says of itself (`manifest.json` at its root). */
export interface BackupManifest {
  format: 'merchant-admin-backup';
  formatVersion: 1;
  createdAt: string;
  database: 'pglite';
  /** Migrations applied to the database when it was taken: an app knowing fewer cannot read it. */
  schemaVersion: number;
  lastMigration: string;
  /** Where the server kept files: with `s3` they are not in the archive (keep the bucket). */
  storage: 'local' | 's3';
  /** Whether `uploads/` holds the uploaded files (local storage with an upload folder). */
  uploadsIncluded: boolean;
}

const journalFile = path.resolve(import.meta.dirname, '../../../drizzle/meta/_journal.json');

/** The number of migrations this version of the app knows (and applies on start). */
export async function knownSchemaVersion(): Promise<number> {
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** PostgreSQL's own files in a data folder; anything else there (uploads, locks) is not the database's. */
const PGDATA_ENTRY =
  /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf|postmaster\.opts)$/;

function isPgdataPath(entryPath: string): boolean {
  const top = entryPath.replace(/^\/+/, '').split('/')[0] ?? '';
  return PGDATA_ENTRY.test(top);
}

/**
 * Writes a .tar.gz of the embedded database and (local storage) the uploads into `folder`, and
 * answers its path. Run by the server that has the database open: PGlite's dump runs between
 * statements, so it holds every committed transaction; the uploads are copied after it, so every
 * file a logged upload refers to is there.
 */
export async function createBackup(
  client: PGlite,
  options: { storage: 'local' | 's3'; uploadDir: string; folder?: string },
): Promise<{ file: string; manifest: BackupManifest }> {
  const staging = await mkdtemp(path.join(os.tmpdir(), 'ma-backup-'));
  try {
    const migrations = await client.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    const schemaVersion = migrations.rows[0]?.n ?? 0;
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
      entries: { tag: string }[];
    };
    await client.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('none');
    const pgdata = path.join(staging, 'database', 'pgdata');
    await mkdir(pgdata, { recursive: true });
    await pipeline(
      Readable.from(Buffer.from(await dump.arrayBuffer())),
      tar.x({ cwd: pgdata, filter: (entryPath) => isPgdataPath(entryPath) }),
    );
    const uploadsIncluded = options.storage === 'local' && existsSync(options.uploadDir);
    // Listed once, after the dump: uploads in progress (`.partial`, renamed away any moment) are
    // left out, and tar is never asked to walk a folder that changes under it.
    const uploads = uploadsIncluded ? await uploadFiles(options.uploadDir) : [];
    if (uploadsIncluded) {
      await symlink(path.resolve(options.uploadDir), path.join(staging, 'uploads'));
    }
    const manifest: BackupManifest = {
      format: 'merchant-admin-backup',
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      database: 'pglite',
      schemaVersion,
      lastMigration: journal.entries[schemaVersion - 1]?.tag ?? '',
      storage: options.storage,
      uploadsIncluded,
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const folder = options.folder ?? os.tmpdir();
    // The archive holds the whole database: its folder (not the shared temporary one) and the
    // file are the server's user's alone.
    if (options.folder) await privateDir(folder);
    const stamp = manifest.createdAt.replace(/[:.]/g, '-');
    const file = path.join(
      folder,
      `merchant-admin-${stamp}-${randomBytes(3).toString('hex')}.tar.gz`,
    );
    await tar.c(
      // `follow` packs the files the uploads link leads to.
      { gzip: true, cwd: staging, file, mode: PRIVATE_FILE_MODE, follow: true, portable: true },
      ['manifest.json', 'database', ...uploads.map((name) => `uploads/${name}`)],
    );
    return { file, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The upload folder's finished files, as paths relative to it. */
async function uploadFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.partial'))
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** Reads an archive's manifest without unpacking the rest. */
export async function readBackupManifest(file: string): Promise<BackupManifest> {
  let text = '';
  await tar.t({
    file,
    filter: (p) => p === 'manifest.json',
    onReadEntry: (entry) => {
      entry.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
    },
  });
  const manifest = text ? (JSON.parse(text) as BackupManifest) : undefined;
  if (manifest?.format !== 'merchant-admin-backup') {
    throw new Error(`${file} is not a Merchant Admin backup (no manifest.json)`);
  }
  return manifest;
}

/** The running server's address and the token its backup endpoint wants, kept in DATA_DIR. */
export const SERVER_FILE = '.ops-server.json';

export interface ServerFile {
  pid: number;
  token: string;
  url?: string;
}

export async function readServerFile(dataDir: string): Promise<ServerFile | null> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, SERVER_FILE), 'utf8')) as ServerFile;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a server has this data folder open (it wrote the server file and still runs). */
export async function serverRunning(dataDir: string): Promise<boolean> {
  const server = await readServerFile(dataDir);
  return !!server && server.pid !== process.pid && isAlive(server.pid);
}

async function moveAside(folder: string, stamp: string): Promise<string | null> {
  if (!existsSync(folder)) return null;
  if ((await readdir(folder)).length === 0) {
    await rm(folder, { recursive: true, force: true });
    return null;
  }
  const aside = `${folder}.before-restore-${stamp}`;
  await rename(folder, aside);
  return aside;
}

/**
 * Puts a backup back into `dataDir` (and `uploadDir`), with the server stopped. What was there is
 * moved aside (`<folder>.before-restore-<time>`), never deleted. Refuses an archive taken by a newer
 * version of the app (more migrations than this one knows).
 */
export async function restoreBackup(options: {
  file: string;
  dataDir: string;
  uploadDir: string;
}): Promise<{ manifest: BackupManifest; movedAside: string[] }> {
  const dataDir = path.resolve(options.dataDir);
  const uploadDir = path.resolve(options.uploadDir);
  if (await serverRunning(dataDir)) {
    throw new Error(
      `A server is running on ${dataDir}: stop it before restoring (if none is, remove ${path.join(dataDir, SERVER_FILE)}).`,
    );
  }
  const manifest = await readBackupManifest(options.file);
  const known = await knownSchemaVersion();
  if (manifest.schemaVersion > known) {
    throw new Error(
      `The backup is from a newer version of Merchant Admin (schema ${manifest.schemaVersion}, ` +
        `this one knows ${known}): install that version (or newer) to restore it.`,
    );
  }

  const staging = await mkdtemp(path.join(path.dirname(dataDir), '.ma-restore-'));
  try {
    await tar.x({ file: options.file, cwd: staging });
    // The database must open before anything is moved.
    const restoredPgdata = path.join(staging, 'database', 'pgdata');
    const check = new PGlite(restoredPgdata);
    await check.waitReady;
    await check.query('select count(*) from drizzle.__drizzle_migrations');
    await check.close();

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const movedAside: string[] = [];
    const uploadsInside = uploadDir.startsWith(`${dataDir}${path.sep}`);
    for (const folder of uploadsInside ? [dataDir] : [dataDir, uploadDir]) {
      const aside = await moveAside(folder, stamp);
      if (aside) movedAside.push(aside);
    }
    await rename(restoredPgdata, dataDir);
    privateTree(dataDir);
    if (manifest.uploadsIncluded && existsSync(path.join(staging, 'uploads'))) {
      await mkdir(path.dirname(uploadDir), { recursive: true });
      await cp(path.join(staging, 'uploads'), uploadDir, { recursive: true });
      privateTree(uploadDir);
    }
    return { manifest, movedAside };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
