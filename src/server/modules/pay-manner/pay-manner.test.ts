import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payManner } from '../../../shared/resources/pay-manner';
import { payManners } from '../../db/schema/pay-manner';
import { resourceContract } from '../../kit/resource-contract';
import { createOtherMerchant, createTestApp, type TestApp } from '../../test-support';
import { decryptSecret, encryptSecret, useSecretKey } from './secret-box';
import { enabledPayManners } from './service';

const pem = {
  private: (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString(),
  public: (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString().trim(),
};
const merchantKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const wechatPayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** A whole WeChat Pay manner, as the merchant platform gives its parts. */
const wechat = {
  name: '微信支付',
  kind: 'wechat',
  enabled: true,
  mchId: '1600001',
  appId: 'wx1234',
  certSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  secret: pem.private(merchantKeys.privateKey),
  apiV3Key: 'a7cde1ef52a1d3c8b0e5f6a9c2d4b8e1',
  wechatPublicKey: pem.public(wechatPayKeys.publicKey),
  wechatPublicKeyId: 'PUB_KEY_ID_0116000011112024010100000000001',
};

resourceContract(payManner, wechat, { name: '微信', enabled: false });

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
  it('keeps the secrets encrypted at rest, never answers them, and keeps them when an update leaves them out', async () => {
    const created = await call('/admin/pay-manner/create', wechat);
    expect(created.code, created.msg).toBe(200);
    const answered = JSON.stringify(created.data);
    expect(answered).not.toContain(wechat.secret.slice(40, 80));
    expect(answered).not.toContain(wechat.apiV3Key);
    expect(created.data).not.toHaveProperty('apiV3Key');
    expect(created.data).not.toHaveProperty('apiV3KeyEncrypted');
    const row = await stored(created.data.id);
    expect(row).toMatchObject({
      certSerial: wechat.certSerial,
      wechatPublicKey: wechat.wechatPublicKey,
      wechatPublicKeyId: wechat.wechatPublicKeyId,
    });
    for (const [encrypted, plain] of [
      [row.secretEncrypted, wechat.secret],
      [row.apiV3KeyEncrypted, wechat.apiV3Key],
    ] as const) {
      expect(encrypted).not.toContain(plain.slice(40, 64) || plain);
      expect(encrypted).toMatch(/^v1:/);
      expect(decryptSecret(encrypted)).toBe(plain);
    }
    // Two encryptions of one secret differ (a fresh IV each time).
    expect(encryptSecret(wechat.apiV3Key)).not.toBe(encryptSecret(wechat.apiV3Key));

    const renamed = await call('/admin/pay-manner/update', {
      id: created.data.id,
      name: '微信付款',
      secret: '',
      apiV3Key: '',
    });
    expect(renamed.code, renamed.msg).toBe(200);
    const kept = await stored(created.data.id);
    expect(kept.secretEncrypted).toBe(row.secretEncrypted);
    expect(kept.apiV3KeyEncrypted).toBe(row.apiV3KeyEncrypted);
    const newKey = pem.private(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
    const changed = await call('/admin/pay-manner/update', {
      id: created.data.id,
      secret: newKey,
      apiV3Key: 'z'.repeat(32),
    });
    expect(changed.code, changed.msg).toBe(200);
    expect(decryptSecret((await stored(created.data.id)).secretEncrypted)).toBe(newKey);
    expect(decryptSecret((await stored(created.data.id)).apiV3KeyEncrypted)).toBe('z'.repeat(32));
    // Under another key it does not open (GCM's tag), and the configured key is the one used.
    useSecretKey('cd'.repeat(32));
    expect(() => decryptSecret(row.secretEncrypted)).toThrow();
    useSecretKey(KEY);
  });

  it('asks an enabled WeChat Pay for every part its gateway reads, each checked, and nothing of the counter', async () => {
    const refusal = async (body: object, language?: 'en') => {
      const res = await (
        await t.post(
          '/admin/pay-manner/create',
          body,
          token,
          language ? { 'accept-language': language } : {},
        )
      ).json();
      expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(40000);
      return res.data.fields[0] as { field: string; message: string };
    };
    // Each part left out is asked for, by its field.
    for (const key of [
      'mchId',
      'appId',
      'secret',
      'certSerial',
      'apiV3Key',
      'wechatPublicKey',
      'wechatPublicKeyId',
    ] as const) {
      const { [key]: _left, ...rest } = wechat;
      expect(await refusal(rest)).toEqual({ field: key, message: '微信支付需要填写此项' });
    }
    expect(await refusal({ name: '微信', kind: 'wechat' })).toMatchObject({ field: 'mchId' });

    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(await refusal({ ...wechat, secret: pem.private(ec.privateKey) })).toEqual({
      field: 'secret',
      message: '不是 RSA 私钥：请粘贴商户 API 私钥（apiclient_key.pem 的内容）',
    });
    expect(await refusal({ ...wechat, secret: 'not a key' }, 'en')).toMatchObject({
      field: 'secret',
      message: expect.stringMatching(/^Not an RSA private key: paste the merchant API/),
    });
    for (const wrong of ['MIIBIjANBgkqhkiG9w0B', wechat.secret, pem.public(ec.publicKey)])
      expect(await refusal({ ...wechat, wechatPublicKey: wrong })).toEqual({
        field: 'wechatPublicKey',
        message: '不是 RSA 公钥：请粘贴微信支付公钥（pub_key.pem 的内容）',
      });
    // 31 characters; 32 characters but 34 bytes (an AES-256 key is 32 bytes).
    for (const wrong of ['a'.repeat(31), `${'a'.repeat(31)}密`])
      expect(await refusal({ ...wechat, apiV3Key: wrong })).toEqual({
        field: 'apiV3Key',
        message: 'APIv3 密钥应为 32 个字符',
      });
    expect(await refusal({ ...wechat, apiV3Key: 'a'.repeat(33) })).toMatchObject({
      field: 'apiV3Key',
    });
    expect(await refusal({ ...wechat, certSerial: 'NOT-HEX' })).toEqual({
      field: 'certSerial',
      message: '证书序列号只含十六进制字符（0-9、A-F）',
    });
    expect(await refusal({ ...wechat, wechatPublicKeyId: '0116000011112024' })).toEqual({
      field: 'wechatPublicKeyId',
      message: '公钥 ID 形如 PUB_KEY_ID_0114…',
    });

    // A disabled one may be kept half set up; enabling it asks for the rest.
    const draft = await call('/admin/pay-manner/create', {
      name: '微信',
      kind: 'wechat',
      enabled: false,
      mchId: wechat.mchId,
    });
    expect(draft.code, draft.msg).toBe(200);
    const enabling = await call('/admin/pay-manner/update', { id: draft.data.id, enabled: true });
    expect(enabling.data.fields[0].field).toBe('appId');
    const { name: _n, kind: _k, ...parts } = wechat;
    const done = await call('/admin/pay-manner/update', { id: draft.data.id, ...parts });
    expect(done.code, done.msg).toBe(200);
    // What is given to a disabled one must still be readable.
    expect(
      await refusal({ name: '微信', kind: 'wechat', enabled: false, apiV3Key: 'short' }),
    ).toMatchObject({ field: 'apiV3Key' });

    expect((await call('/admin/pay-manner/create', { name: '到店付', kind: 'counter' })).code).toBe(
      200,
    );
  });

  it('names every missing or unreadable WeChat Pay part in one refusal, not one per save', async () => {
    const res = await call('/admin/pay-manner/create', {
      name: '微信',
      kind: 'wechat',
      mchId: wechat.mchId,
      apiV3Key: 'short',
    });
    expect(res.code).toBe(40000);
    expect(res.data.fields.map((f: { field: string }) => f.field)).toEqual([
      'appId',
      'secret',
      'certSerial',
      'wechatPublicKey',
      'wechatPublicKeyId',
      'apiV3Key',
    ]);
    expect(res.msg).toBe('微信支付需要填写此项');
  });

  it('names a mistyped id with the missing and unreadable parts in the same refusal', async () => {
    const res = await call('/admin/pay-manner/create', {
      name: '微信',
      kind: 'wechat',
      mchId: '1900 0000',
      certSerial: 'NOT-HEX',
      wechatPublicKeyId: '0116000011112024',
      apiV3Key: 'short',
    });
    expect(res.code).toBe(40000);
    expect(res.data.fields).toEqual([
      { field: 'appId', message: '微信支付需要填写此项' },
      { field: 'secret', message: '微信支付需要填写此项' },
      { field: 'wechatPublicKey', message: '微信支付需要填写此项' },
      { field: 'apiV3Key', message: 'APIv3 密钥应为 32 个字符' },
      { field: 'mchId', message: '只能包含字母、数字、- 和 _' },
      { field: 'certSerial', message: '证书序列号只含十六进制字符（0-9、A-F）' },
      { field: 'wechatPublicKeyId', message: '公钥 ID 形如 PUB_KEY_ID_0114…' },
    ]);
    // An id is never taken mistyped, whatever the kind.
    const counter = await call('/admin/pay-manner/create', {
      name: '到店付',
      kind: 'counter',
      appId: 'a b',
    });
    expect(counter.data.fields).toEqual([
      { field: 'appId', message: '只能包含字母、数字、- 和 _' },
    ]);
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
