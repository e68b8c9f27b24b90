import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { goodsSettings } from '../../db/schema/goods-setting';
import { operationLogs } from '../../db/schema/operation-log';
import { chinaDay } from '../../exchange-rate';
import { yuanRatesOfEcb } from '../../exchange-rate/ecb';
import { SandboxRates } from '../../exchange-rate/sandbox';
import { createTestApp, type TestApp } from '../../test-support';
import { RATES_JOB } from './routes';

/**
 * 获取汇率: a listing setting takes the day's rate from the rate source (the sandbox's table, or
 * the ECB's daily file), and the daily job keeps fetched rates fresh, never one typed by hand.
 */
let t: TestApp;
let token: string;
let fake: Server | undefined;
afterEach(async () => {
  await t.close();
  await new Promise((resolve) => (fake ? fake.close(resolve) : resolve(undefined)));
  fake = undefined;
});

const call = async (url: string, body: Record<string, unknown> = {}) =>
  (await t.post(url, body, token)).json();

async function setting(name: string, site: string, exchangeRate: string) {
  const made = await call('/admin/goods-setting/create', {
    name,
    marketplace: 'amazon',
    site,
    exchangeRate,
  });
  expect(made.code, made.msg).toBe(200);
  return made.data.id as number;
}
const row = async (id: number) =>
  (await t.db.select().from(goodsSettings).where(eq(goodsSettings.id, id)))[0]!;

describe('listing settings: the day’s exchange rate (sandbox)', () => {
  it('fetches today’s rate into chosen settings, and the daily job keeps only those fresh', async () => {
    t = await createTestApp({ JOBS: 'off' });
    token = await t.login();
    const today = await new SandboxRates().ratesOn(chinaDay());
    const us = await setting('美国站', 'US', '7.2000');
    const de = await setting('德国站', 'DE', '7.8000');
    const uk = await setting('英国站', 'UK', '9.0000');
    expect((await row(us)).rateFetchedAt).toBeNull();

    // For the form: the rate alone.
    const shown = await call('/admin/goods-setting/rate', { currency: 'JPY' });
    expect(shown.data).toEqual({ currency: 'JPY', rate: today.JPY, day: chinaDay() });

    const fetched = await call('/admin/goods-setting/fetch-rate', { ids: [us, de] });
    expect(fetched.code, fetched.msg).toBe(200);
    expect(
      fetched.data.items.map((i: { currency: string; exchangeRate: string }) => [
        i.currency,
        i.exchangeRate,
      ]),
    ).toEqual([
      ['USD', today.USD],
      ['EUR', today.EUR],
    ]);
    expect(Number(today.USD)).toBeGreaterThan(7.02);
    expect(Number(today.USD)).toBeLessThan(7.18);
    expect(await row(us)).toMatchObject({ exchangeRate: today.USD });
    expect((await row(us)).rateFetchedAt).toBeInstanceOf(Date);
    expect((await row(uk)).rateFetchedAt).toBeNull();
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'goods-setting.fetchRate'));
    expect(log).toMatchObject({ targetType: 'goods-setting', targetId: `${us},${de}` });
    expect(log!.detail).toMatchObject({
      source: 'sandbox',
      rates: { 美国站: ['7.2000', today.USD] },
    });

    // A rate typed by hand is the merchant's: no longer fetched; an edit of another field keeps it.
    await call('/admin/goods-setting/update', { id: de, exchangeRate: '7.5' });
    expect(await row(de)).toMatchObject({ exchangeRate: '7.5000', rateFetchedAt: null });
    await call('/admin/goods-setting/update', {
      id: us,
      markupPercent: '20',
      exchangeRate: today.USD,
    });
    expect((await row(us)).rateFetchedAt).toBeInstanceOf(Date);

    // Yesterday's rate on the fetched one; the daily job brings today's, and leaves the others.
    await t.db
      .update(goodsSettings)
      .set({ exchangeRate: '6.9000', rateFetchedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(goodsSettings.id, us));
    await t.app.jobs.enqueue(RATES_JOB, {});
    await t.app.jobs.runDue();
    expect(await row(us)).toMatchObject({ exchangeRate: today.USD });
    expect((await row(us)).rateFetchedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await row(de)).toMatchObject({ exchangeRate: '7.5000', rateFetchedAt: null });
    expect(await row(uk)).toMatchObject({ exchangeRate: '9.0000', rateFetchedAt: null });
  });

  it('moves the sandbox’s rates a little from day to day, the same within a day', async () => {
    const sandbox = new SandboxRates();
    const [a, b, again] = [
      await sandbox.ratesOn('2026-03-01'),
      await sandbox.ratesOn('2026-03-02'),
      await sandbox.ratesOn('2026-03-01'),
    ];
    expect(again).toEqual(a);
    expect(b).not.toEqual(a);
    expect(Object.keys(a).sort()).toEqual(['AUD', 'CAD', 'EUR', 'GBP', 'JPY', 'MXN', 'USD']);
    for (const [currency, base] of Object.entries({ USD: 7.1, EUR: 7.7, GBP: 8.95, JPY: 0.047 })) {
      expect(Math.abs(Number(a[currency]) / base - 1)).toBeLessThanOrEqual(0.01);
    }
  });
});

/** An ECB daily file, as https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml serves it. */
const ECB_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
	<Cube>
		<Cube time='2026-11-27'>
			<Cube currency='USD' rate='1.0800'/>
			<Cube currency='JPY' rate='162.00'/>
			<Cube currency='GBP' rate='0.8600'/>
			<Cube currency='CNY' rate='7.6680'/>
		</Cube>
	</Cube>
</gesmes:Envelope>`;

describe('listing settings: the ECB’s daily rates', () => {
  it('reads yuan rates from the ECB file: CNY ÷ the currency, per one euro', () => {
    expect(yuanRatesOfEcb(ECB_XML)).toEqual({
      EUR: '7.6680',
      USD: '7.1000',
      JPY: '0.0473',
      GBP: '8.9163',
    });
    expect(() => yuanRatesOfEcb('<Cube currency="USD" rate="1.08"/>')).toThrow();
  });

  it('fetches through a source serving that file; one it lacks is refused by name', async () => {
    let served = ECB_XML;
    fake = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(served);
    });
    await new Promise<void>((resolve) => fake!.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    t = await createTestApp({
      JOBS: 'off',
      EXCHANGE_RATE_SOURCE: 'ecb',
      EXCHANGE_RATE_ECB_URL: `http://127.0.0.1:${port}/eurofxref-daily.xml`,
    });
    token = await t.login();
    const us = await setting('美国站', 'US', '7.2000');
    const au = await setting('澳洲站', 'AU', '4.7000');
    const fetched = await call('/admin/goods-setting/fetch-rate', { ids: [us] });
    expect(fetched.data.items[0]).toMatchObject({ currency: 'USD', exchangeRate: '7.1000' });
    const missing = await call('/admin/goods-setting/fetch-rate', { ids: [au] });
    expect(missing.code).toBe(40900);
    expect(missing.msg).toContain('AUD');
    expect(await row(au)).toMatchObject({ exchangeRate: '4.7000', rateFetchedAt: null });

    served = 'Service Unavailable';
    const down = await call('/admin/goods-setting/rate', { currency: 'USD' });
    expect(down.code).toBe(40900);
  });
});
