import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('PAYMENT_GATEWAY=alipay', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const complete = {
    PAYMENT_GATEWAY: 'alipay',
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_PRIVATE_KEY: pem,
    ALIPAY_PUBLIC_KEY: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA',
    PAYMENT_NOTIFY_BASE: 'https://admin.example.com',
  };
  const without = (...names: (keyof typeof complete)[]) =>
    Object.fromEntries(Object.entries(complete).filter(([k]) => !names.includes(k as never)));

  it('starts with everything given, on the production gateway by default', () => {
    const config = loadConfig(complete);
    expect(config.PAYMENT_GATEWAY).toBe('alipay');
    expect(config.ALIPAY_GATEWAY_URL).toBe('https://openapi.alipay.com/gateway.do');
  });

  it.each([
    ['ALIPAY_APP_ID', /needs ALIPAY_APP_ID$/],
    ['ALIPAY_PRIVATE_KEY', /needs ALIPAY_PRIVATE_KEY \(or ALIPAY_PRIVATE_KEY_FILE\)$/],
    ['ALIPAY_PUBLIC_KEY', /needs ALIPAY_PUBLIC_KEY$/],
    ['PAYMENT_NOTIFY_BASE', /needs PAYMENT_NOTIFY_BASE$/],
  ] as const)('refuses to start without %s, naming it', (name, message) => {
    expect(() => loadConfig(without(name))).toThrow(message);
  });

  it('names every variable missing at once', () => {
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'alipay' })).toThrow(
      'PAYMENT_GATEWAY=alipay needs ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY (or ALIPAY_PRIVATE_KEY_FILE), ALIPAY_PUBLIC_KEY, PAYMENT_NOTIFY_BASE',
    );
  });

  it('reads the private key from ALIPAY_PRIVATE_KEY_FILE', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'alipay-')), 'app-private-key.pem');
    writeFileSync(file, pem);
    const config = loadConfig({ ...without('ALIPAY_PRIVATE_KEY'), ALIPAY_PRIVATE_KEY_FILE: file });
    expect(config.ALIPAY_PRIVATE_KEY).toBe(pem);
    expect(() =>
      loadConfig({ ...without('ALIPAY_PRIVATE_KEY'), ALIPAY_PRIVATE_KEY_FILE: `${file}.missing` }),
    ).toThrow(/ALIPAY_PRIVATE_KEY_FILE: cannot read it/);
  });

  it('asks nothing of the sandbox', () => {
    expect(loadConfig({}).PAYMENT_GATEWAY).toBe('sandbox');
  });
});

describe('PAYMENT_GATEWAY=wechat', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const complete = {
    PAYMENT_GATEWAY: 'wechat',
    WECHATPAY_MCH_ID: '1900000109',
    WECHATPAY_APP_ID: 'wxd678efh567hg6787',
    WECHATPAY_PRIVATE_KEY: pem,
    WECHATPAY_CERT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_API_V3_KEY: 'a7cde1ef52a1d3c8b0e5f6a9c2d4b8e1',
    WECHATPAY_PUBLIC_KEY: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA',
    WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001092025010100000000000000',
    PAYMENT_NOTIFY_BASE: 'https://admin.example.com',
  };
  const without = (...names: (keyof typeof complete)[]) =>
    Object.fromEntries(Object.entries(complete).filter(([k]) => !names.includes(k as never)));

  it('starts with everything given, on the production API by default', () => {
    const config = loadConfig(complete);
    expect(config.PAYMENT_GATEWAY).toBe('wechat');
    expect(config.WECHATPAY_BASE_URL).toBe('https://api.mch.weixin.qq.com');
  });

  it.each([
    ['WECHATPAY_MCH_ID', /needs WECHATPAY_MCH_ID$/],
    ['WECHATPAY_APP_ID', /needs WECHATPAY_APP_ID$/],
    ['WECHATPAY_PRIVATE_KEY', /needs WECHATPAY_PRIVATE_KEY \(or WECHATPAY_PRIVATE_KEY_FILE\)$/],
    ['WECHATPAY_CERT_SERIAL', /needs WECHATPAY_CERT_SERIAL$/],
    ['WECHATPAY_API_V3_KEY', /needs WECHATPAY_API_V3_KEY$/],
    ['WECHATPAY_PUBLIC_KEY', /needs WECHATPAY_PUBLIC_KEY$/],
    ['WECHATPAY_PUBLIC_KEY_ID', /needs WECHATPAY_PUBLIC_KEY_ID$/],
    ['PAYMENT_NOTIFY_BASE', /needs PAYMENT_NOTIFY_BASE$/],
  ] as const)('refuses to start without %s, naming it', (name, message) => {
    expect(() => loadConfig(without(name))).toThrow(message);
  });

  it('names every variable missing at once', () => {
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'wechat' })).toThrow(
      'PAYMENT_GATEWAY=wechat needs WECHATPAY_MCH_ID, WECHATPAY_APP_ID, WECHATPAY_PRIVATE_KEY (or WECHATPAY_PRIVATE_KEY_FILE), WECHATPAY_CERT_SERIAL, WECHATPAY_API_V3_KEY, WECHATPAY_PUBLIC_KEY, WECHATPAY_PUBLIC_KEY_ID, PAYMENT_NOTIFY_BASE',
    );
  });

  it('refuses an APIv3 key that is not 32 characters', () => {
    expect(() => loadConfig({ ...complete, WECHATPAY_API_V3_KEY: 'a'.repeat(31) })).toThrow(
      /WECHATPAY_API_V3_KEY: exactly 32 characters/,
    );
  });

  it('reads the private key from WECHATPAY_PRIVATE_KEY_FILE', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'wechatpay-')), 'apiclient_key.pem');
    writeFileSync(file, pem);
    const config = loadConfig({
      ...without('WECHATPAY_PRIVATE_KEY'),
      WECHATPAY_PRIVATE_KEY_FILE: file,
    });
    expect(config.WECHATPAY_PRIVATE_KEY).toBe(pem);
    expect(() =>
      loadConfig({
        ...without('WECHATPAY_PRIVATE_KEY'),
        WECHATPAY_PRIVATE_KEY_FILE: `${file}.missing`,
      }),
    ).toThrow(/WECHATPAY_PRIVATE_KEY_FILE: cannot read it/);
  });
});
