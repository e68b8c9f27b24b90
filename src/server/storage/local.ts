import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_FILE_MODE, privateDir } from '../private-files';
import { assertSafeKey, type FileStorage, type ListedFile } from './storage';

/** Types by extension: a folder keeps no metadata, so the type is read back from the key. */
const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.csv': 'text/csv',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.gz': 'application/gzip',
};

/** Files in a local folder (one server, or a folder every server mounts). */
export function createLocalStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      // Folders and files are the server's user's alone (served by the server, never by the disk).
      await privateDir(path.dirname(file));
      // Written beside, then renamed: a reader never sees half a file.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE_MODE }),
        );
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async get(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        stream: createReadStream(file),
        contentType: TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
        size: info.size,
      };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async exists(key) {
      const info = await stat(fileOf(key)).catch(() => null);
      return !!info?.isFile();
    },
    list: () => listFolder(root, ''),
  };
}

const SAFE_NAME = /^[A-Za-z0-9._-]+$/;

/** The files under `folder` as keys (a folder at a time); names a key cannot hold are skipped. */
async function* listFolder(root: string, prefix: string): AsyncGenerator<ListedFile> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    },
  );
  for (const entry of entries) {
    if (!SAFE_NAME.test(entry.name) || entry.name === '.' || entry.name === '..') continue;
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* listFolder(root, key);
    else if (entry.isFile() && !entry.name.endsWith('.partial')) {
      const info = await stat(path.join(root, key)).catch(() => null);
      if (info?.isFile()) yield { key, size: info.size, modifiedAt: info.mtime };
    }
  }
}
