import { generateKeyPairSync } from 'node:crypto';
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
    const plain = 'wechat-api-key-秘密-0001';
    const created = await call('/admin/pay-manner/create', {
      name: '微信支付',
      kind: 'wechat',
      mchId: '1600001',
      appId: 'wx1234',
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

    await call('/admin/pay-manner/update', { id: created.data.id, name: '微信付款', secret: '' });
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

  it('asks an enabled Alipay for its app id, the app’s private key and Alipay’s public key, both RSA', async () => {
    const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const privatePem = app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const publicPem = alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const given = { name: '支付宝', kind: 'alipay', appId: '2021000000000001' };
    const fieldOf = async (body: object, language?: 'en') => {
      const res = await (
        await t.post(
          '/admin/pay-manner/create',
          body,
          token,
          language ? { 'accept-language': language } : {},
        )
      ).json();
      expect(res.code).toBe(40000);
      return res.data.fields[0] as { field: string; message: string };
    };

    expect(await fieldOf({ ...given, secret: privatePem })).toMatchObject({
      field: 'alipayPublicKey',
      message: '支付宝需要填写此项',
    });
    expect(await fieldOf({ ...given, alipayPublicKey: publicPem })).toMatchObject({
      field: 'secret',
    });
    const notRsa = await fieldOf(
      {
        ...given,
        secret: ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        alipayPublicKey: publicPem,
      },
      'en',
    );
    expect(notRsa).toMatchObject({ field: 'secret' });
    expect(notRsa.message).toMatch(/^Not an RSA private key/);
    expect(
      await fieldOf({ ...given, secret: privatePem, alipayPublicKey: 'MIIBIjANBgkqhkiG9w0B' }),
    ).toMatchObject({
      field: 'alipayPublicKey',
      message: expect.stringMatching(/^不是 RSA 公钥/),
    });
    // The private key pasted as the public one: refused (it would be shown to whoever opens it).
    expect(
      await fieldOf({ ...given, secret: privatePem, alipayPublicKey: privatePem }),
    ).toMatchObject({
      field: 'alipayPublicKey',
    });

    // A disabled one may be kept half set up; enabling it asks for the rest.
    const draft = await call('/admin/pay-manner/create', { ...given, enabled: false });
    expect(draft.code, draft.msg).toBe(200);
    const enabling = await call('/admin/pay-manner/update', { id: draft.data.id, enabled: true });
    expect(enabling.data.fields[0].field).toBe('secret');

    // A whole PEM (far over the old 128 characters), its line breaks lost in a one-line field.
    const pasted = privatePem.replaceAll('\n', '');
    expect(pasted.length).toBeGreaterThan(1600);
    const done = await call('/admin/pay-manner/update', {
      id: draft.data.id,
      enabled: true,
      secret: pasted,
      alipayPublicKey: alipay.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    });
    expect(done.code, done.msg).toBe(200);
    expect(JSON.stringify(done.data)).not.toContain(pasted.slice(40, 80));
    expect(decryptSecret((await stored(draft.data.id)).secretEncrypted)).toBe(pasted);
    const tooLong = await call('/admin/pay-manner/update', {
      id: draft.data.id,
      secret: 'k'.repeat(4097),
    });
    expect(tooLong.code).toBe(40000);
  });
});
