import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The file in an embedded database's folder that says which process has it open. */
export const LOCK_FILE = 'merchant-admin.lock';

/** Whether a process with this id is running (EPERM: it is, but not ours to signal). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the embedded database's folder for this process, or throws a message saying who has it.
 * PGlite keeps the whole database in one process's memory and writes it back to the folder: a
 * second process on the same folder would hand out the same ids and overwrite the first one's
 * writes. The lock is a file created exclusively, holding the owner's pid; a lock whose process
 * is gone (killed, crashed) is taken over. Answers the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      const release = () => {
        if (readPid(file) === process.pid) {
          try {
            unlinkSync(file);
          } catch {}
        }
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readPid(file);
    if (holder !== undefined && alive(holder)) {
      throw new Error(
        `The database folder ${dataDir} is in use by another process (pid ${holder}${
          holder === process.pid ? ', this one' : ''
        }). Stop that server first: the embedded database allows one process at a time. ` +
          `If no such process is running, delete ${file}.`,
      );
    }
    // Stale (its process is gone) or unreadable: moved aside atomically, so of two processes
    // taking it over at once only one moves this file; then created afresh above.
    try {
      renameSync(file, `${file}.stale-${process.pid}`);
      unlinkSync(`${file}.stale-${process.pid}`);
    } catch {}
  }
  throw new Error(`Could not lock the database folder ${dataDir}; try again`);
}
