import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operationLogs } from '../../db/schema/operation-log';
import { sizeText } from '../../kit/uploads';
import { startS3Emulator } from '../../storage/s3-emulator';
import { createAccount, createTestApp, type TestApp } from '../../test-support';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let dir: string;
let token: string;

/** `filename` goes in as given; a `filename*=…` parameter is written as is. */
function multipart(content: Buffer, filename: string, type: string) {
  const boundary = '----test-boundary';
  const name = filename.startsWith('filename*=') ? filename : `filename="${filename}"`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${name}\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(content: Buffer, filename = 'a.png', type = 'image/png', as = token) {
  const body = multipart(content, filename, type);
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/upload',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${as}` },
  });
  return res.json();
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ma-upload-'));
  t = await createTestApp({ UPLOAD_DIR: dir, UPLOAD_MAX_BYTES: '1024' });
  token = await t.login();
});
afterEach(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every file under the upload folder, as paths relative to it. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

async function uploadLogs() {
  return t.db.select().from(operationLogs).where(eq(operationLogs.action, 'upload.create'));
}

describe('uploads', () => {
  it('says sizes in MB and KB', () => {
    expect(sizeText(5 * 1024 * 1024)).toBe('5 MB');
    expect(sizeText(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(sizeText(1024)).toBe('1 KB');
  });

  it('stores an image under the merchant, serves it inertly and logs it', async () => {
    const res = await upload(PNG);
    expect(res.code).toBe(200);
    expect(res.data.url).toMatch(/^\/uploads\/1\/\d{4}-\d{2}\/[a-f0-9]{32}\.png$/);
    const file = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const logged = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'upload.create'));
    expect(logged).toHaveLength(1);
  });

  it('checks the type by content, not by name', async () => {
    const html = await upload(Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
    expect(html.code).toBe(40000);
    expect(html.msg).toBe('evil.png 不是可用的图片：只支持 JPEG、PNG、GIF 和 WebP');
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>'),
      'a.svg',
      'image/svg+xml',
    );
    expect(svg.code).toBe(40000);
  });

  it('refuses files over the size limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2048)]);
    const res = await upload(big, '门头照.png');
    expect(res.code).toBe(41300);
    expect(res.msg).toBe('图片 门头照.png 超过 1 KB');
    expect((await upload(Buffer.alloc(0), 'a.png')).msg).toBe('图片 a.png 是空文件');
  });

  it('needs an account that may open a screen with uploads', async () => {
    const { token: sub } = await createAccount(t, {
      name: 'viewer',
      permissions: ['operation-log'],
    });
    expect((await upload(PNG, 'a.png', 'image/png', sub)).code).toBe(40300);
    const unauth = await t.app.inject({
      method: 'POST',
      url: '/admin/upload',
      ...multipart(PNG, 'a.png', 'image/png'),
    });
    expect(unauth.json().code).toBe(50008);
  });

  it('never serves paths outside the upload folder', async () => {
    for (const url of [
      '/uploads/1/2026-01/../../../etc/passwd',
      '/uploads/1/2026-01/x.html',
      '/uploads/%2e%2e/secret',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).not.toBe(200);
      expect(res.body).not.toContain('root:');
    }
  });

  it('refuses a file name holding a NUL byte or a lone surrogate, and stores nothing', async () => {
    // A lone high surrogate followed by ".png", in UTF-16LE as RFC 5987 allows.
    const loneSurrogate = `filename*=utf-16le''%00%D8${[...'.png'].map((c) => `%${c.charCodeAt(0).toString(16)}%00`).join('')}`;
    for (const filename of ['a\u0000b.png', loneSurrogate]) {
      const body = multipart(PNG, filename, 'image/png');
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/upload',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().code).toBe(40000);
    }
    expect(await storedFiles()).toEqual([]);
    expect(await uploadLogs()).toHaveLength(0);
  });

  it('writes no file when the operation log cannot be written', async () => {
    await t.db.execute(
      sql`alter table operation_logs add constraint no_uploads_test check (action <> 'upload.create')`,
    );
    try {
      const res = await upload(PNG);
      expect(res.code).toBe(50000);
    } finally {
      await t.db.execute(sql`alter table operation_logs drop constraint no_uploads_test`);
    }
    expect(await storedFiles()).toEqual([]);
  });
});

describe('uploads on S3 storage', () => {
  it('keeps no log row when the store refuses the file', async () => {
    const emulator = await startS3Emulator();
    try {
      const s3 = await createTestApp({ ...emulator.env, S3_BUCKET: 'no-such-bucket' });
      try {
        const body = multipart(PNG, 'a.png', 'image/png');
        const res = await s3.app.inject({
          method: 'POST',
          url: '/admin/upload',
          payload: body.payload,
          headers: { ...body.headers, authorization: `Bearer ${await s3.login()}` },
        });
        expect(res.statusCode).toBe(500);
        const logged = await s3.db
          .select()
          .from(operationLogs)
          .where(eq(operationLogs.action, 'upload.create'));
        expect(logged).toHaveLength(0);
      } finally {
        await s3.close();
      }
    } finally {
      await emulator.stop();
    }
  });
});
