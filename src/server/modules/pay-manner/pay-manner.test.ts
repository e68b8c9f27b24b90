import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payManner } from '../../../shared/resources/pay-manner';
import { payManners } from '../../db/schema';
import { resourceContract } from '../../kit/resource-contract';
import { createOtherMerchant, createTestApp, type TestApp } from '../../test-support';
import { decryptSecret, encryptSecret, useSecretKey } from './secret-box';
import { enabledPayManners } from './service';

resourceContract(
  payManner,
  {
    name: '微信支付',
    kind: 'wechat',
    enabled: true,
    mchId: '1600001',
    appId: 'wx1234',
    secret: 'S3cret-key-0001',
  },
  { name: '微信', enabled: false },
);

let t: TestApp;
let token: string;
const KEY = 'ab'.repeat(32);
beforeEach(async () => {
  t = await createTestApp({ PAY_SECRET_KEY: KEY });
  token = await t.login();
});
afterEach(() => t.close());
const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();
const stored = async (id: number) =>
  (await t.db.select().from(payManners).where(eq(payManners.id, id)))[0]!;

describe('pay manners', () => {
  it('keeps a secret encrypted at rest, never answers it, and keeps it when an update leaves it out', async () => {
    const plain = 'alipay-private-key-秘密-0001';
    const created = await call('/admin/pay-manner/create', {
      name: '支付宝',
      kind: 'alipay',
      mchId: '2088001',
      appId: '2021000',
      secret: plain,
    });
    expect(created.code, created.msg).toBe(200);
    expect(JSON.stringify(created.data)).not.toContain(plain);
    const row = await stored(created.data.id);
    expect(row.secretEncrypted).not.toContain(plain);
    expect(row.secretEncrypted).toMatch(/^v1:/);
    expect(decryptSecret(row.secretEncrypted)).toBe(plain);
    // Two encryptions of one secret differ (a fresh IV each time).
    expect(encryptSecret(plain)).not.toBe(encryptSecret(plain));

    await call('/admin/pay-manner/update', { id: created.data.id, name: '支付宝付款', secret: '' });
    expect((await stored(created.data.id)).secretEncrypted).toBe(row.secretEncrypted);
    await call('/admin/pay-manner/update', { id: created.data.id, secret: 'new-key' });
    expect(decryptSecret((await stored(created.data.id)).secretEncrypted)).toBe('new-key');
    // Under another key it does not open (GCM's tag), and the configured key is the one used.
    useSecretKey('cd'.repeat(32));
    expect(() => decryptSecret(row.secretEncrypted)).toThrow();
    useSecretKey(KEY);
  });

  it('asks WeChat Pay and Alipay for their ids and key, and nothing of the counter', async () => {
    const missing = await call('/admin/pay-manner/create', { name: '微信', kind: 'wechat' });
    expect(missing.code).toBe(40000);
    expect(missing.data.fields[0].field).toBe('mchId');
    const noKey = await call('/admin/pay-manner/create', {
      name: '微信',
      kind: 'wechat',
      mchId: '1',
      appId: 'wx',
    });
    expect(noKey.data.fields[0].field).toBe('secret');
    expect((await call('/admin/pay-manner/create', { name: '到店付', kind: 'counter' })).code).toBe(
      200,
    );
  });

  it('answers the enabled ways of paying in the order dragged', async () => {
    const ids: number[] = [];
    for (const [name, kind, enabled] of [
      ['沙箱', 'sandbox', true],
      ['到店付', 'counter', true],
      ['停用的', 'counter', false],
    ] as const)
      ids.push((await call('/admin/pay-manner/create', { name, kind, enabled })).data.id);
    expect((await call('/admin/pay-manner/move', { id: ids[1], index: 0 })).code).toBe(200);
    expect(await enabledPayManners(t.db, 1)).toEqual([
      { id: ids[1], kind: 'counter', name: '到店付' },
      { id: ids[0], kind: 'sandbox', name: '沙箱' },
    ]);
    const other = await createOtherMerchant(t);
    expect(await enabledPayManners(t.db, other.merchant!.id)).toEqual([]);
  });
});
