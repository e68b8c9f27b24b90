import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createStorage } from './create-storage';
import { startS3Emulator } from './s3-emulator';
import type { FileStorage } from './storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

let dir: string;
let emulator: Awaited<ReturnType<typeof startS3Emulator>>;
const drivers: Record<string, () => FileStorage> = {
  local: () => createStorage(loadConfig({ UPLOAD_DIR: dir })),
  s3: () => createStorage(loadConfig(emulator.env)),
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ma-storage-'));
  emulator = await startS3Emulator();
});
afterAll(async () => {
  await emulator?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe.each(Object.keys(drivers))('%s storage', (kind) => {
  const storage = () => drivers[kind]!();

  it('is the driver the configuration names', () => {
    expect(storage().kind).toBe(kind);
  });

  it('puts, gets, tells whether a file exists and deletes it', async () => {
    const s = storage();
    const key = `7/2026-11/${kind}-a.png`;
    expect(await s.exists(key)).toBe(false);
    expect(await s.get(key)).toBeNull();
    const body = Buffer.from('not really a png, but bytes all the same');
    await s.put(key, body, 'image/png');
    expect(await s.exists(key)).toBe(true);
    const file = await s.get(key);
    expect(file?.contentType).toBe('image/png');
    expect(file?.size).toBe(body.length);
    expect((await readAll(file!.stream)).equals(body)).toBe(true);
    await s.delete(key);
    expect(await s.exists(key)).toBe(false);
    await s.delete(key); // deleting what is gone is no error
  });

  it('takes a stream as well as a buffer, and replaces what a key held', async () => {
    const s = storage();
    const key = `7/2026-11/${kind}-b.gif`;
    await s.put(key, Buffer.from('first'), 'image/gif');
    await s.put(key, Readable.from([Buffer.from('sec'), Buffer.from('ond')]), 'image/gif');
    expect((await readAll((await s.get(key))!.stream)).toString()).toBe('second');
  });

  it('lists every file it holds, with its size and when it was written', async () => {
    const s = storage();
    const before = Date.now() - 60_000;
    const keys = [
      `5/2026-11/${kind}-l1.png`,
      `5/2026-12/${kind}-l2.png`,
      `6/2026-11/${kind}-l3.png`,
    ];
    for (const key of keys) await s.put(key, Buffer.from(key), 'image/png');
    const listed = new Map<string, { size: number; modifiedAt: Date }>();
    for await (const file of s.list()) listed.set(file.key, file);
    for (const key of keys) {
      expect(listed.get(key)?.size, key).toBe(Buffer.byteLength(key));
      expect(listed.get(key)!.modifiedAt.getTime()).toBeGreaterThan(before);
    }
    await s.delete(keys[0]!);
    const after: string[] = [];
    for await (const file of s.list()) after.push(file.key);
    expect(after).not.toContain(keys[0]);
    expect(after).toContain(keys[1]);
  });

  it('refuses keys that could leave its folder or bucket', async () => {
    const s = storage();
    for (const key of ['../x.png', '7/../../x.png', '/etc/passwd', '7//x.png', 'a\\b.png', '']) {
      await expect(s.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/Unsafe/);
      await expect(s.get(key)).rejects.toThrow(/Unsafe/);
    }
  });
});

describe('local storage', () => {
  it('leaves no partial file behind when the body fails midway', async () => {
    const s = drivers.local!();
    const failing = new Readable({
      read() {
        this.push(Buffer.from('half'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(s.put('8/2026-11/c.png', failing, 'image/png')).rejects.toThrow();
    expect(await s.exists('8/2026-11/c.png')).toBe(false);
    expect(await readdir(path.join(dir, '8', '2026-11'))).toEqual([]);
  });

  it('lists no file being written, and no name a key cannot hold', async () => {
    const s = drivers.local!();
    await s.put('8/2026-12/whole.png', Buffer.from('x'), 'image/png');
    await writeFile(path.join(dir, '8', '2026-12', 'whole.png.0a1b.partial'), 'half');
    await writeFile(path.join(dir, '8', '2026-12', 'odd name.png'), 'x');
    const listed: string[] = [];
    for await (const file of s.list()) if (file.key.startsWith('8/2026-12/')) listed.push(file.key);
    expect(listed).toEqual(['8/2026-12/whole.png']);
  });
});

describe('s3 storage', () => {
  it('signs its requests: wrong keys are refused by the store', async () => {
    const s = createStorage(loadConfig({ ...emulator.env, S3_SECRET_ACCESS_KEY: 'wrong-secret' }));
    await expect(s.put('9/2026-11/d.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /HTTP 403/,
    );
  });

  it('needs a bucket and keys', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
  });
});
