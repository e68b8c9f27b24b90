import { existsSync } from 'node:fs';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../shared/envelope';
import { EVALUATION_PHOTOS_MAX } from '../../../shared/product-order';
import { evaluations, reviewPhotos } from '../../db/schema/evaluate';
import { materials } from '../../db/schema/material';
import { products } from '../../db/schema/product';
import { createStorage } from '../../storage/create-storage';
import { startS3Emulator } from '../../storage/s3-emulator';
import { createTestApp, type TestApp } from '../../test-support';
import { completed, customerToken, storefrontOrder } from '../product-order/test-orders';
import { SWEEP_JOB, sweepUploads } from './sweep';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let root: string;
let emulator: Awaited<ReturnType<typeof startS3Emulator>>;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ma-sweep-'));
  emulator = await startS3Emulator();
});
afterAll(async () => {
  await emulator?.stop();
  await rm(root, { recursive: true, force: true });
});

let t: TestApp;
let token: string;
afterEach(() => t?.close());

async function start(env: Record<string, string> = {}) {
  t = await createTestApp({
    JOBS: 'off',
    UPLOAD_DIR: await mkdtemp(path.join(root, 'uploads-')),
    ...env,
  });
  token = await t.login();
}

const call = async (url: string, body: unknown = {}) => (await t.post(url, body, token)).json();

/** A multipart body: its fields, then a PNG. */
function form(fields: Record<string, string>) {
  const boundary = '----sweep';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        Object.entries(fields)
          .map(([k, v]) => field(k, v))
          .join(''),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dish.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A customer's photo for its order's evaluation, as the storefront sends it. */
async function photo(orderNo: string, n = 1) {
  const { payload, headers } = form({ token: customerToken(n), orderNo });
  return (
    await t.app.inject({ method: 'POST', url: '/open/shop/1/order/photo', payload, headers })
  ).json();
}

/** An image uploaded by the administrator (it joins the material library). */
async function upload() {
  const { payload, headers } = form({});
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/upload',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return res.json().data.url as string;
}

const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
const fileOf = (url: string) => path.join(t.config.UPLOAD_DIR, url.replace(/^\/uploads\//, ''));
const sweep = (graceMs = 0) =>
  sweepUploads(t.db, createStorage(t.config), { graceMs, now: new Date(Date.now() + 1000) });

/** A completed storefront order of the n-th customer, ready to be rated. */
async function completedOrder(n = 1) {
  const order = await storefrontOrder({ t, token }, n);
  await completed({ t, token }, order.id);
  return order;
}

describe('review photos', () => {
  it('take a handful per order, only while the order may be rated', async () => {
    await start();
    const unpaid = await storefrontOrder({ t, token }, 2);
    expect((await photo(unpaid.orderNo, 2)).code, 'an order not completed').toBe(
      ResultCode.CONFLICT,
    );

    const order = await completedOrder();
    const urls: string[] = [];
    for (let i = 0; i < EVALUATION_PHOTOS_MAX; i++) {
      const res = await photo(order.orderNo);
      expect(res.code, res.msg).toBe(200);
      urls.push(res.data.url);
    }
    const full = await photo(order.orderNo);
    expect(full.code).toBe(ResultCode.CONFLICT);
    expect(full.msg).toContain(String(EVALUATION_PHOTOS_MAX));
    // Sent at once, they are counted under the order's lock: none past the handful.
    expect(await t.db.$count(reviewPhotos)).toBe(EVALUATION_PHOTOS_MAX);

    const other = await completedOrder(3);
    const together = await Promise.all(
      Array.from({ length: EVALUATION_PHOTOS_MAX * 2 }, () => photo(other.orderNo, 3)),
    );
    expect(together.filter((r) => r.code === 200)).toHaveLength(EVALUATION_PHOTOS_MAX);
    expect(together.filter((r) => r.code === ResultCode.CONFLICT)).toHaveLength(
      EVALUATION_PHOTOS_MAX,
    );
    expect(await t.db.$count(reviewPhotos, eq(reviewPhotos.orderId, other.id))).toBe(
      EVALUATION_PHOTOS_MAX,
    );

    // Another order's photo is not one to show.
    const theirs = together.find((r) => r.code === 200)!.data.url as string;
    const foreign = await call('/open/shop/1/order/evaluate', {
      token: customerToken(1),
      orderNo: order.orderNo,
      rating: 5,
      images: [theirs],
    });
    expect(foreign.code).toBe(ResultCode.VALIDATION);
    expect(foreign.data.fields[0].field).toBe('images');

    // Rated with two of its six: those stay with the evaluation, the other four go at once.
    const rated = await call('/open/shop/1/order/evaluate', {
      token: customerToken(1),
      orderNo: order.orderNo,
      rating: 5,
      images: urls.slice(0, 2),
    });
    expect(rated.code, rated.msg).toBe(200);
    const [evaluation] = await t.db.select().from(evaluations);
    const kept = await t.db.select().from(reviewPhotos).where(eq(reviewPhotos.orderId, order.id));
    expect(kept.map((p) => [p.url, p.evaluationId]).sort()).toEqual(
      urls
        .slice(0, 2)
        .map((url) => [url, evaluation!.id])
        .sort(),
    );
    for (const url of urls.slice(0, 2)) expect(await served(url)).toBe(200);
    for (const url of urls.slice(2)) expect(await served(url)).toBe(404);
    // Rated: no more photos.
    expect((await photo(order.orderNo)).code).toBe(ResultCode.CONFLICT);

    // Removed with their evaluation (however it goes): the sweep takes their files.
    await t.db.delete(evaluations).where(eq(evaluations.id, evaluation!.id));
    expect(await t.db.$count(reviewPhotos, eq(reviewPhotos.orderId, order.id))).toBe(0);
    await sweep();
    for (const url of urls.slice(0, 2)) expect(existsSync(fileOf(url))).toBe(false);
  }, 120_000);

  it('an order praised without them lets them go at the next sweep', async () => {
    await start();
    const order = await completedOrder();
    const { url } = (await photo(order.orderNo)).data;
    // The auto-praise job rates with no photo.
    await t.db.execute(sql`update product_orders set evaluated = true where id = ${order.id}`);
    expect((await sweep(60_000)).removed, 'within the grace period').toBe(0);
    expect(existsSync(fileOf(url))).toBe(true);
    expect((await sweep()).removed).toBe(1);
    expect(existsSync(fileOf(url))).toBe(false);
    expect(await t.db.$count(reviewPhotos)).toBe(0);
  }, 120_000);
});

describe('a deleted material', () => {
  it('takes its file with it, and is no longer served', async () => {
    await start();
    const url = await upload();
    expect(await served(url)).toBe(200);
    const [material] = await t.db.select().from(materials).where(eq(materials.url, url));
    const res = await call('/admin/material/delete', { ids: [material!.id] });
    expect(res.code, res.msg).toBe(200);
    expect(await served(url)).toBe(404);
    expect(existsSync(fileOf(url))).toBe(false);
  });
});

describe.each(['local', 's3'])('the upload sweep (%s storage)', (kind) => {
  it('removes old uploads no row uses, and keeps every one a row holds', async () => {
    await start(kind === 's3' ? emulator.env : {});
    const storage = createStorage(t.config);
    const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
    const exists = (url: string) => storage.exists(keyOf(url));

    const inLibrary = await upload();
    const onProduct = await upload();
    await call('/admin/product/create', { name: '拌面', price: '12', images: [onProduct] });
    // An upload older than the library (no material row), shown by a product's description.
    const older = `/uploads/1/2020-01/${'a'.repeat(32)}.png`;
    // One an order's item keeps (no area's field holds it): kept too.
    const snapshot = `/uploads/1/2020-01/${'b'.repeat(32)}.png`;
    // Nobody's: the files a flood of uploads left.
    const orphans = [1, 2, 3].map((i) => `/uploads/1/2020-01/${String(i).repeat(32)}.png`);
    for (const url of [older, snapshot, ...orphans])
      await storage.put(keyOf(url), PNG, 'image/png');
    await t.db.insert(products).values({
      merchantId: 1,
      name: '汤面',
      price: '10',
      description: `<p><img src="${older}"></p>`,
    });
    const order = await storefrontOrder({ t, token }, 1);
    await t.db.execute(
      sql`update product_order_items set image = ${snapshot} where order_id = ${order.id}`,
    );
    // A material row's upload is deleted with its row: then nobody's.
    const dropped = await upload();
    await t.db.delete(materials).where(eq(materials.url, dropped));
    // Something else in the store is not the sweep's.
    await storage.put('exports/report.json', Buffer.from('{}'), 'application/json');

    // Within the grace period nothing goes (the job sweeps with the configured one, 24 h).
    expect((await sweepUploads(t.db, storage, { graceMs: 3_600_000 })).removed).toBe(0);
    if (kind === 'local')
      for (const url of [older, snapshot, ...orphans])
        await utimes(fileOf(url), new Date('2020-01-02'), new Date('2020-01-02'));
    const result = await sweep();
    expect(result).toMatchObject({ removed: orphans.length + 1 });
    for (const url of [...orphans, dropped]) expect(await exists(url), url).toBe(false);
    for (const url of [inLibrary, onProduct, older, snapshot])
      expect(await exists(url), url).toBe(true);
    expect(await storage.exists('exports/report.json')).toBe(true);
    // Those in use but missing from the library have joined it (the next sweep reads less).
    const library = (await t.db.select().from(materials)).map((m) => m.url);
    expect(library).toEqual(expect.arrayContaining([older, snapshot]));
    expect(result.adopted).toBe(2);
    expect((await sweep()).removed).toBe(0);
  }, 120_000);
});

describe('the sweep job', () => {
  it('runs on the queue, keeps its result and comes back after UPLOAD_SWEEP_HOURS', async () => {
    await start({ UPLOAD_SWEEP_GRACE_HOURS: '0' });
    const orphan = `/uploads/1/2020-01/${'c'.repeat(32)}.png`;
    await createStorage(t.config).put(orphan.slice('/uploads/'.length), PNG, 'image/png');
    await utimes(fileOf(orphan), new Date('2020-01-02'), new Date('2020-01-02'));
    const id = await t.app.jobs.enqueue(SWEEP_JOB, {}, { dedupeKey: 'sweep' });
    await t.app.jobs.drain();
    expect(existsSync(fileOf(orphan))).toBe(false);
    const job = await t.app.jobs.get(id!);
    expect(job).toMatchObject({ state: 'queued', progress: { removed: 1 } });
    const { rows } = (await t.db.execute(
      sql`select run_at > now() + interval '23 hours' as due from jobs where id = ${id}`,
    )) as unknown as { rows: { due: boolean }[] };
    expect(rows[0]?.due).toBe(true);
  });
});
