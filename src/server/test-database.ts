import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from './db/client';
import { serverQuery } from './test-global-setup';

/**
 * A copy of the run's migrated template (test-global-setup.ts): PGlite in memory loaded from its
 * dump, or a new database on TEST_DATABASE_URL made from it. Nobody drops it: the API project runs
 * its files one after another in a few long-lived workers (isolate: false), so a worker's database
 * serves all its files, and the run's teardown drops the copies on the server.
 */
async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('testDatabaseTemplate');
  if (template.kind === 'pglite') {
    // A blob backed by the file: PGlite reads it once, without a copy in memory made first.
    return openDatabase({ load: await openAsBlob(template.dump) });
  }
  const name = `${template.prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  // Two workers copying the template at once may be told it is in use (55006): the copy is retried.
  for (let attempt = 1; ; attempt++) {
    try {
      await serverQuery(
        template.serverUrl,
        `create database ${name} template ${template.template}`,
      );
      break;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 20 || code !== '55006') throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  const url = new URL(template.serverUrl);
  url.pathname = `/${name}`;
  return openDatabase({ url: url.toString(), poolSize: 4 });
}

let opened: Promise<DatabaseHandle> | undefined;

/**
 * The worker's copy of the template, opened on first call and kept for all its files. A failed
 * opening is not kept: the next test tries again, so a moment without connections on the server
 * fails the tests of that moment, not every test the worker runs after it.
 */
export function workerDatabase(): Promise<DatabaseHandle> {
  opened ??= openTestDatabase().catch((err) => {
    opened = undefined;
    throw err;
  });
  return opened;
}
