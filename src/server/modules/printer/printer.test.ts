import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { printer } from '../../../shared/resources/printer';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { jobs } from '../../db/schema/job';
import { printerSandboxReceipts, printers, printJobs } from '../../db/schema/printer';
import { resourceContract } from '../../kit/resource-contract';
import { PRINT_JOB, printReceipt, type Receipt } from '../../printer';
import { FEIE_ABNORMAL, FEIE_ONLINE, fakeFeie } from '../../printer/fake-providers';
import { feieContent } from '../../printer/feie';
import {
  createOtherMerchant,
  createTestApp,
  OWNER_PASSWORD,
  type TestApp,
  testDatabase,
} from '../../test-support';

const sample = {
  name: '前台小票机',
  brand: 'sandbox',
  serial: 'SB-0001',
  secretKey: 'k-123456',
  copies: 1,
  paper: '58',
  autoPrint: true,
};
resourceContract(
  printer,
  sample,
  { name: '后厨小票机', copies: 2, paper: '80' },
  {
    another: (n) => ({ ...sample, name: `${sample.name}-${n}`, serial: `SB-000${n + 1}` }),
  },
);

const receipt: Receipt = {
  title: '川味小馆',
  lines: [{ text: '宫保鸡丁 ×1', right: '32.00' }],
  total: { label: '合计', amount: '32.00' },
};

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());
const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();
const log = async (printerId: number) =>
  (await call('/admin/printer/print-log', { printerId })).data.items as {
    status: string;
    content: string;
    error: string;
    source: string;
  }[];

describe('printers', () => {
  it('never answers the secret key, and keeps it when an update leaves it out', async () => {
    const created = (await call('/admin/printer/create', sample)).data;
    expect(created).not.toHaveProperty('secretKey');
    expect(created.status).toBe('online');
    await call('/admin/printer/update', { id: created.id, name: '改名' });
    const [row] = await t.db.select().from(printers).where(eq(printers.id, created.id));
    expect(row?.secretKey).toBe('k-123456');
  });

  it('refuses a serial number the merchant has already, on that field', async () => {
    await call('/admin/printer/create', sample);
    const again = await call('/admin/printer/create', { ...sample, name: '另一台' });
    expect(again.code).toBe(40900);
    expect(again.data.fields[0].field).toBe('serial');
    // Kept as the label prints it (upper case, no spaces), and compared in any case.
    const lower = await call('/admin/printer/create', {
      ...sample,
      name: '后厨',
      serial: ' sb-0002 ',
    });
    expect(lower.data.serial).toBe('SB-0002');
    const mixed = await call('/admin/printer/create', {
      ...sample,
      name: '吧台',
      serial: 'Sb-0001',
    });
    expect(mixed.code).toBe(40900);
    expect(mixed.data.fields[0].field).toBe('serial');
    expect(mixed.msg).toBe('编号 SB-0001 已是打印机“前台小票机”的（不区分大小写）');
    // A row saved before in lower case still counts; renaming a printer keeps its own SN.
    await t.db.update(printers).set({ serial: 'sb-0002' }).where(eq(printers.id, lower.data.id));
    expect((await call('/admin/printer/create', { ...sample, serial: 'SB-0002' })).code).toBe(
      40900,
    );
    expect(
      (await call('/admin/printer/update', { id: lower.data.id, serial: 'SB-0002' })).code,
    ).toBe(200);
    // Another merchant may have the same one.
    const other = await createOtherMerchant(t);
    expect((await call('/admin/printer/create', sample, other.token)).code).toBe(200);
  });

  it('prints a test page in the paper width, copies times, into the sandbox and the log', async () => {
    const p = (await call('/admin/printer/create', { ...sample, copies: 2, paper: '80' })).data;
    const queued = await call('/admin/printer/test-print', { id: p.id });
    expect(queued.data, queued.msg).toEqual({ queued: 1 });
    expect((await log(p.id))[0]).toMatchObject({ status: 'waiting', source: 'test' });
    await t.app.jobs.drain();
    const [entry] = await log(p.id);
    expect(entry?.status).toBe('printed');
    const copies = entry!.content.split(/\n(?:- )+-\n/);
    expect(copies).toHaveLength(2);
    expect(copies[0]!.split('\n')[1]).toBe('-'.repeat(48));
    const roll = await t.db.select().from(printerSandboxReceipts);
    expect(roll.map((r) => r.content)).toEqual([entry!.content]);
  });

  it('keeps receipts waiting while the sandbox printer is offline, and prints them once back', async () => {
    const p = (await call('/admin/printer/create', sample)).data;
    expect((await call('/admin/printer/setOffline', { ids: [p.id] })).code).toBe(200);
    expect(await printReceipt(t.db, t.app.jobs, 1, receipt, { source: 'order', orderId: 7 })).toBe(
      1,
    );
    await t.app.jobs.drain();
    expect((await log(p.id))[0]?.status).toBe('waiting');
    expect(await t.db.select().from(printerSandboxReceipts)).toEqual([]);
    // A restart: a new app on the same database finds the job still queued.
    await t.close();
    t = await createTestAppKeepingData();
    token = await t.login();
    expect((await call('/admin/printer/setOnline', { ids: [p.id] })).code).toBe(200);
    await t.app.jobs.drain();
    const [entry] = await log(p.id);
    expect(entry?.status).toBe('printed');
    expect(entry?.content).toContain('宫保鸡丁 ×1');
    const [job] = await t.db.select().from(printJobs).where(eq(printJobs.printerId, p.id));
    expect(job?.orderId).toBe(7);
    // Drained again: printed once.
    await t.app.jobs.drain();
    expect(await t.db.select().from(printerSandboxReceipts)).toHaveLength(1);
  });

  it('queues on auto-print printers only, unless printers are named', async () => {
    const auto = (await call('/admin/printer/create', sample)).data;
    const manual = (
      await call('/admin/printer/create', {
        ...sample,
        name: '手动',
        serial: 'SB-9',
        autoPrint: false,
      })
    ).data;
    expect(await printReceipt(t.db, t.app.jobs, 1, receipt, { source: 'order' })).toBe(1);
    expect(
      await printReceipt(t.db, t.app.jobs, 1, receipt, {
        source: 'test',
        printerIds: [manual.id],
      }),
    ).toBe(1);
    await t.app.jobs.drain();
    expect(await log(auto.id)).toHaveLength(1);
    expect(await log(manual.id)).toHaveLength(1);
    // Another merchant's printer is never printed on.
    expect(
      await printReceipt(t.db, t.app.jobs, 2, receipt, { source: 'test', printerIds: [auto.id] }),
    ).toBe(0);
  });

  it('says clearly that a brand without an adapter is not configured', async () => {
    const feie = (await call('/admin/printer/create', { ...sample, brand: 'feie' })).data;
    expect(feie.status).toBe('offline');
    const refused = await t.post('/admin/printer/test-print', { id: feie.id }, token, {
      'accept-language': 'en',
    });
    expect(refused.json().msg).toContain('Feie Cloud printers are not connected');
    expect((await call('/admin/printer/setOnline', { ids: [feie.id] })).code).toBe(40900);
    // An order's receipt is logged as failed, with the reason.
    await printReceipt(t.db, t.app.jobs, 1, receipt, { source: 'order' });
    await t.app.jobs.drain();
    expect((await log(feie.id))[0]).toMatchObject({ status: 'failed', error: 'notConfigured' });
  });
});

describe('Feie printers with the account configured', () => {
  let feie: Awaited<ReturnType<typeof fakeFeie>>;
  beforeEach(async () => {
    feie = await fakeFeie();
    await t.close();
    t = await createTestApp({
      FEIE_USER: feie.user,
      FEIE_UKEY: feie.ukey,
      FEIE_API_URL: feie.apiUrl,
    });
    token = await t.login();
  });
  afterEach(() => feie.close());
  const feiePrinter = { ...sample, brand: 'feie', serial: '916500123', secretKey: 'abcd1234' };

  it('adds the printer to the account, and prints a test receipt to its SN', async () => {
    feie.device(feiePrinter.serial, feiePrinter.secretKey);
    expect((await call('/admin/printer/brands')).data.connected).toEqual(['sandbox', 'feie']);
    const p = (await call('/admin/printer/create', feiePrinter)).data;
    expect(p.status).toBe('online');
    expect(feie.calls.find((c) => c.apiname === 'Open_printerAddlist')).toMatchObject({
      printerContent: `${feiePrinter.serial}#${feiePrinter.secretKey}#${sample.name}`,
    });
    expect((await call('/admin/printer/test-print', { id: p.id })).data).toEqual({ queued: 1 });
    await t.app.jobs.drain();
    const [entry] = await log(p.id);
    expect(entry?.status).toBe('printed');
    expect(feie.prints).toEqual([
      { sn: feiePrinter.serial, content: feieContent(entry!.content), times: '1' },
    ]);
    expect(feie.prints[0]!.content).toContain(`SN${' '.repeat(21)}${feiePrinter.serial}`);
  });

  it("refuses a printer Feie will not add, on its serial, with Feie's words", async () => {
    feie.device(feiePrinter.serial, 'the-real-key');
    const refused = await t.post('/admin/printer/create', feiePrinter, token, {
      'accept-language': 'en',
    });
    const body = refused.json();
    expect(body.code).toBe(40000);
    expect(body.msg).toContain('Feie Cloud did not add this printer');
    expect(body.msg).toContain('识别码不正确');
    expect(body.data.fields[0].field).toBe('serial');
    expect(await t.db.select().from(printers)).toEqual([]);
  });

  it('keeps receipts waiting while the printer is out of paper, and prints them once it is back', async () => {
    feie.device(feiePrinter.serial, feiePrinter.secretKey, { added: true, status: FEIE_ABNORMAL });
    // Already on the account (added in Feie's console): no key needed.
    const p = (await call('/admin/printer/create', { ...feiePrinter, secretKey: '' })).data;
    expect(p.status).toBe('offline');
    await printReceipt(t.db, t.app.jobs, 1, receipt, { source: 'order', orderId: 9 });
    await t.app.jobs.drain();
    expect((await log(p.id))[0]?.status).toBe('waiting');
    expect(feie.prints).toEqual([]);
    feie.setStatus(feiePrinter.serial, FEIE_ONLINE);
    // The job looks again after OFFLINE_RETRY_MS: bring it forward.
    await t.db.execute(sql`update jobs set run_at = now() where state = 'queued'`);
    await t.app.jobs.drain();
    expect((await log(p.id))[0]?.status).toBe('printed');
    expect(feie.prints.map((print) => print.sn)).toEqual([feiePrinter.serial]);
    const [row] = await t.db.select().from(printers).where(eq(printers.id, p.id));
    expect(row?.status).toBe('online');
  });

  it('holds no database lock while Feie answers a print', async () => {
    feie.device(feiePrinter.serial, feiePrinter.secretKey, { added: true });
    const p = (await call('/admin/printer/create', { ...feiePrinter, secretKey: '' })).data;
    const held = feie.holdPrints();
    await printReceipt(t.db, t.app.jobs, 1, receipt, { source: 'order', orderId: 9 });
    const draining = t.app.jobs.drain();
    await held.arrived;
    // The receipt's row can be locked at once: no transaction waits for the provider (on PGlite,
    // one would keep this statement waiting too).
    const locked = await t.db.transaction((tx) =>
      tx.execute(sql`select id from print_jobs where printer_id = ${p.id} for update nowait`),
    );
    expect((locked as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    held.release();
    await draining;
    expect((await log(p.id))[0]?.status).toBe('printed');
    expect(feie.prints.map((print) => print.sn)).toEqual([feiePrinter.serial]);
  });

  it("takes a deleted printer off Feie's account, and a moved one's old SN once it has moved", async () => {
    feie.device(feiePrinter.serial, feiePrinter.secretKey);
    feie.device('916500999', 'wxyz9876');
    const p = (await call('/admin/printer/create', feiePrinter)).data;
    expect(feie.isAdded(feiePrinter.serial)).toBe(true);
    // Another SN: the new one is added, the old one taken off once the change has committed.
    await call('/admin/printer/update', { id: p.id, serial: '916500999', secretKey: 'wxyz9876' });
    await t.app.jobs.drain();
    expect([feie.isAdded(feiePrinter.serial), feie.isAdded('916500999')]).toEqual([false, true]);
    // Feie is down when the printer is deleted: the job tries again, and gets through.
    feie.refuseNext(-2, '服务器繁忙', 'Open_printerDelList');
    expect((await call('/admin/printer/delete', { ids: [p.id] })).code).toBe(200);
    await t.app.jobs.drain();
    expect(feie.isAdded('916500999')).toBe(true);
    await t.db.execute(sql`update jobs set run_at = now() where state = 'queued'`);
    await t.app.jobs.drain();
    expect(feie.isAdded('916500999')).toBe(false);
    expect(
      feie.calls.filter((c) => c.apiname === 'Open_printerDelList').map((c) => c.snlist),
    ).toEqual([feiePrinter.serial, '916500999', '916500999']);
  });

  it("keeps a device another store has added out of this store's printers", async () => {
    feie.device(feiePrinter.serial, feiePrinter.secretKey);
    expect((await call('/admin/printer/create', feiePrinter)).code).toBe(200);
    const other = await createOtherMerchant(t);
    // Without the key (it is on the platform's account already) or with it: refused.
    for (const secretKey of ['', feiePrinter.secretKey]) {
      const refused = await call(
        '/admin/printer/create',
        { ...feiePrinter, secretKey },
        other.token,
      );
      expect(refused.code).toBe(40000);
      expect(refused.data.fields[0]).toMatchObject({
        field: 'serial',
        message: '这台打印机已被其他店铺添加，请先在那家店铺删除',
      });
    }
    expect(feie.calls.filter((c) => c.apiname === 'Open_printerAddlist')).toHaveLength(1);
  });

  it('tries again when Feie refuses a print, and logs its words after the last attempt', async () => {
    feie.device(feiePrinter.serial, feiePrinter.secretKey, { added: true });
    const p = (await call('/admin/printer/create', { ...feiePrinter, secretKey: '' })).data;
    await printReceipt(t.db, t.app.jobs, 1, receipt, { source: 'order' });
    // Until the job has used its 8 attempts: the app's own worker may take an attempt between
    // two turns of this loop, so the loop counts attempts rather than turns.
    // (The print job's row: the app queues jobs of its own at start, such as the daily rates.)
    const attempts = async () =>
      (
        await t.db
          .select({ attempts: jobs.attempts, state: jobs.state })
          .from(jobs)
          .where(eq(jobs.name, PRINT_JOB))
      )[0]!;
    for (let turn = 0; turn < 40 && (await attempts()).state !== 'failed'; turn++) {
      feie.refuseNext(1002, '参数错误 : 内容过长。');
      await t.db.execute(
        sql`update jobs set run_at = now() where state = 'queued' and name = ${PRINT_JOB}`,
      );
      await t.app.jobs.drain();
    }
    expect(await attempts()).toMatchObject({ attempts: 8, state: 'failed' });
    expect((await log(p.id))[0]).toMatchObject({
      status: 'failed',
      error: 'Feie Cloud: 参数错误 : 内容过长。',
    });
  });
});

/** A new app on the test file's database as it is (createTestApp empties it). */
async function createTestAppKeepingData(): Promise<TestApp> {
  const database = await testDatabase();
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent' });
  const app = await buildApp({ db: database.db, listen: database.listen, config });
  return {
    ...t,
    app,
    db: database.db,
    async close() {
      await app.close();
    },
    post(url: string, body: unknown = {}, as?: string, headers: Record<string, string> = {}) {
      return app.inject({
        method: 'POST',
        url,
        payload: body as object,
        headers: { ...(as ? { authorization: `Bearer ${as}` } : {}), ...headers },
      });
    },
    async login() {
      const res = await app.inject({
        method: 'POST',
        url: '/admin/auth/login',
        payload: { name: 'admin', password: OWNER_PASSWORD },
      });
      return res.json().data.token;
    },
  } as TestApp;
}
