import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { seedFirstStart } from '../../db/seed';
import { startS3Emulator } from '../../storage/s3-emulator';
import { OWNER_PASSWORD, scratchDatabase } from '../../test-support';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type App = Awaited<ReturnType<typeof buildApp>>;
const serverUrl = process.env.TEST_DATABASE_URL;
let emulator: Awaited<ReturnType<typeof startS3Emulator>>;
const handles: DatabaseHandle[] = [];
const apps: App[] = [];
const folders: string[] = [];
let dropDatabase = async () => {};

/**
 * Two instances as behind a load balancer: each its own app, database pool (on PostgreSQL) and
 * upload folder, sharing the database and the S3 store. On PGlite (one process per database) the
 * two apps share the one embedded database.
 */
beforeAll(async () => {
  emulator = await startS3Emulator();
  let url: string | undefined;
  if (serverUrl) {
    const scratch = await scratchDatabase(serverUrl, 'ma_two');
    url = scratch.url;
    dropDatabase = scratch.drop;
  }
  const first = await openDatabase({ url, poolSize: 2 });
  handles.push(first);
  await first.migrate();
  await seedFirstStart(first.db, OWNER_PASSWORD);
  const second = url ? await openDatabase({ url, poolSize: 2 }) : first;
  if (second !== first) handles.push(second);
  for (const handle of [first, second]) {
    const uploads = await mkdtemp(path.join(os.tmpdir(), 'ma-instance-'));
    folders.push(uploads);
    const config = loadConfig({
      ...emulator.env,
      NODE_ENV: 'test',
      WEB_DIST: '/nonexistent-web-dist',
      UPLOAD_DIR: uploads,
    });
    apps.push(await buildApp({ db: handle.db, listen: handle.listen, config }));
  }
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const handle of handles) await handle.close();
  await dropDatabase();
  await emulator?.stop();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('two instances on one database with the S3 driver', () => {
  it('serves through one an image uploaded through the other', async () => {
    const [a, b] = apps as [App, App];
    const login = await b.inject({
      method: 'POST',
      url: '/admin/auth/login',
      payload: { name: 'admin', password: OWNER_PASSWORD },
    });
    const token = login.json().data.token as string;

    const boundary = '----two-instances';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    // Signed in through B, uploaded through A: the session is shared through the database.
    const uploaded = await a.inject({
      method: 'POST',
      url: '/admin/upload',
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${token}`,
      },
    });
    expect(uploaded.json().code).toBe(200);
    const url = uploaded.json().data.url as string;

    const served = await b.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });
});
