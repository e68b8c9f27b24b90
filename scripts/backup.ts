// `npm run backup [FILE]`: asks the running server (embedded database) for a backup archive and
// writes it to FILE (default ./backups/merchant-admin-<time>.tar.gz). The server makes it, since
// only the process that has the data folder open may read it.
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { readBackupManifest, readServerFile } from '../src/server/backup/archive';
import { loadConfig } from '../src/server/config';

const config = loadConfig();
if (config.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump (see README, "Running in production").',
  );
  process.exit(2);
}
const server = await readServerFile(config.DATA_DIR);
if (!server?.url) {
  console.error(`No server is running on ${config.DATA_DIR}: start it (npm start) and try again.`);
  process.exit(2);
}
const res = await fetch(`${server.url}/ops/backup`, {
  method: 'POST',
  headers: { authorization: `Bearer ${server.token}` },
}).catch((err: Error) => {
  console.error(`Could not reach the server at ${server.url} (${err.message}): is it running?`);
  process.exit(1);
});
if (!res.ok || !res.body) {
  console.error(`The server refused the backup: HTTP ${res.status} ${await res.text()}`);
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.resolve(
  process.argv[2] ?? path.join('backups', `merchant-admin-${stamp}.tar.gz`),
);
// The archive holds the whole database: the file is its user's alone (a new folder too).
await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
const partial = `${target}.partial`;
try {
  await pipeline(
    Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
    createWriteStream(partial, { mode: 0o600 }),
  );
  // A whole archive has the announced length and reads back; a cut one does not.
  const expected = Number(res.headers.get('content-length'));
  const written = (await stat(partial)).size;
  if (written !== expected) throw new Error(`Backup cut short: ${written} of ${expected} bytes`);
  const manifest = await readBackupManifest(partial);
  await rename(partial, target);
  const uploads =
    manifest.storage === 's3'
      ? 'not included: they are in the S3 bucket'
      : manifest.uploadsIncluded
        ? 'included'
        : 'none yet';
  console.log(`Backup written to ${target} (schema ${manifest.schemaVersion}, uploads ${uploads})`);
} catch (err) {
  await rm(partial, { force: true });
  throw err;
}
