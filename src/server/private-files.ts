import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * What the server keeps on disk (the embedded database, uploads, backups) is its user's alone:
 * folders 0700, files 0600. Modes are set where things are created (umask 077 at start-up,
 * explicit modes on mkdir and open) and made so again where another writer may have left them
 * wider (PGlite writes its first cluster with 0666 files whatever the umask).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** chmod, but a thing this user may not change (another owner's mount) is left as it is. */
function tighten(file: string, mode: number): void {
  try {
    chmodSync(file, mode);
  } catch (err) {
    if (!['EPERM', 'ENOENT'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
  }
}

/** Makes `dir` (and missing parents) private to this user; one already there is made so too. */
export function privateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE);
}

export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    await chmod(dir, PRIVATE_DIR_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
}

/**
 * Folders 0700 and files 0600 in `dir` and below, for the entries of `dir` that `include` takes
 * (by name; all by default), and `dir` itself. Symbolic links are not followed.
 */
export function privateTree(dir: string, include: (name: string) => boolean = () => true): void {
  tighten(dir, PRIVATE_DIR_MODE);
  const walk = (folder: string, top: boolean) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (top && !include(entry.name)) continue;
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        tighten(file, PRIVATE_DIR_MODE);
        walk(file, false);
      } else if (entry.isFile()) {
        const mode = lstatSync(file, { throwIfNoEntry: false })?.mode ?? 0;
        if (mode & 0o077) tighten(file, PRIVATE_FILE_MODE);
      }
    }
  };
  walk(dir, true);
}
