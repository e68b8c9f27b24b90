import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWechatPay } from './fake-wechatpay';
import { InvalidNotice, RefundRefused } from './gateway';
import {
  authorization,
  chinaTimeRfc3339,
  decryptResource,
  fromFen,
  signingMessage,
  toFen,
  utf8Prefix,
  WechatPayGateway,
  type WechatPayOptions,
} from './wechatpay';

/**
 * A fixed key, and the signature `openssl dgst -sha256 -sign key.pem message.txt | base64` made
 * of VECTOR_MESSAGE (printf'd to message.txt, each line ending in a line feed).
 */
const VECTOR_KEY = [
  '-----BEGIN PRIVATE KEY-----',
  'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCoZ80gFQ0WhlE8',
  'dPGowOfXwPTc4o8VnEAdkUdfaOV3SbuKhYuOVWuUZREroeHH/C8d7wV528Zrb1zO',
  'fjYdNr/y+68j6COOSZo6H7LiGWTcMZ50XtZ8fVlOJeuwPCP4PIpCZnWzWNqIk9b4',
  'W7BfbRgm8/9n2Cx2QCth8UDOudAc2M24osK1GTHhHn7NgsJDNhg+ihJe2cXARxTZ',
  'tL/ckyce74FFq8gu4GeJmjAHM59TvOynLdYjBHDNYfVZ/0JJR/PHJq2EY5V7RGmL',
  'LNE2gzsKHcr8dz5yMF2BCRJXVAK18YM82ncviQ1h3RLIW2UvOwdHp18KlkntaDSg',
  'eQg7QAt5AgMBAAECggEAAQggq2O31aMUemblSr/v8k/Tovs4FXllhjLIAW/7f6Rs',
  'amkfC44gNprgvSf4mx2blsZBoV3o2fyeMcUffl8nXIZt8njaT3czstRuD07EYguY',
  'd9NKtsTz5m0m+v2Rrig2UBX4ECcpI3SFhikcZ8rrLQf8+LwbjyUUrDP6L1Lghicx',
  'aEKki0osOpcWYUiD25ceWld00mkjQaTWUiubJ6XPqs5zXM0yLa0d7kGwpmU5KLQq',
  '9bXGUPzuILOpFHXw+HBHXSQtpen2IbtCXu3v09x4KyOBq3ef6EO14f45pjFSaDtI',
  'sXCmihWnJMaFUwlGory89E5se1Usks4MjnecT9mzMQKBgQDc/+HR5mIF34v1wd8p',
  'aqhYLHLPAyc7QJjTdLCX1lsyyBMcQ5dtd7wQIZ+uuv7O9nk6XuF8YcchX14i4iYS',
  'jSMynJvRimUu4uxtgfqpRFzr14f0u1BQAThxEVQCnM4tE+pjMFO2juqqzcwMWNuW',
  'Yl6/TjfIxtn3M8BumZH/jsXx6wKBgQDDE5DwXemEmvChbtbBaHbgpUvFM6pa0cJU',
  'JLujcYH/utH0IJdVzl5IPWR4GOKFLRsEiteL4R2C5AleqKoxNSWsCLZ1gkoXBve1',
  '3pyRNa0Em8urdx1kh9A2MGhtj3izT/RrZMFVyuJfcnd1Ti6gW7nqngVKN8ZojF0q',
  'esq0EK37KwKBgQCWWnQdJLstub/zzBlyiQDNNDhLxJ5tPm569lmqg4h6TQpLYWTl',
  'cd99rhKAgvIWhjNF1gVcZP1gJAzceLVkS6dVqJyN+7UJKBOoERUjEcKSJYl2o/Vo',
  '6NuoeRyJxnqyymjdYKSjgCoBWI/pGo8Sigxh5Ooo67ig6RGTbWGZ112uTwKBgECA',
  'qb4w71P/f22BntUY26XwQhuUt9GL5ju4Yarrj1alyWJ1nFStBhPQ6PWlFNGAVpyr',
  '5BXGe+GZ0VdRYeUfc7Nsthgo2qK+lQ237AE/xFPvx+qMWlWxarFgVEdV101DNMiF',
  '6j+Z9DwnN0S8c0Jm0hS353vg8WQEdZHkRD5B/aU9AoGAI2RQ2HYyz7v5bimx6GSO',
  'WOhXY/6W/J4f0fkZezgw8Roxk2sLNU/aUe4MobqPX83XgVMbAnUmNZXX55QSMqck',
  '41aG5KIEDO7IPpJMGjVHf43EiZrR0IOHSaIfGMDnLfQUV6MPc7KVdDFLTWjHRIP7',
  'KyZSeCOOy70QPx5EJ63+GwQ=',
  '-----END PRIVATE KEY-----',
].join('\n');
const VECTOR_SIGNATURE =
  'BokzEP5/UDW+QO1cFH27GJOYOAtbyWGFWEV8ryO84ZuEydk/9nXvxBHtOWOdxwDuCcXNiXFzzMdThPUm' +
  'Aki4WUkd+EC1pPFEDVc9HGC5n/fY/1QRDOe+WCwxRcv9Qcd9qtCNXvW099e7UBNm4fAFeC2GUhhB4XRp' +
  'AP69Zb4EchhS6hnbHW3TVxrdeZFG7A/LSao4uvSbw4ai7bfLVpYqaspZyLZX2UD45xTobEIoj4MZrY2p' +
  'TzfA1W/buDxn0xAQcpACcOP5XFaaW6Pz/ZKDQHhXj5ZD1XAcZPekNzXC0SBITsTi97VZYYj0cWf8Xc0c' +
  'p0RG1IvR5I29Z3do+dm2kw==';
const VECTOR_MESSAGE =
  'POST\n/v3/pay/transactions/native\n1767225600\n593BEC0C930BF1AFEB40B4A08C8FB242\n' +
  '{"appid":"wxd678efh567hg6787","mchid":"1230000109"}\n';

const MCH_ID = '1900000109';
const APP_ID = 'wxd678efh567hg6787';
const CERT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const API_V3_KEY = 'a7cde1ef52a1d3c8b0e5f6a9c2d4b8e1';
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchantPem = merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
let fake: FakeWechatPay;
let gateway: WechatPayGateway;

const options = (over: Partial<WechatPayOptions> = {}): WechatPayOptions => ({
  mchId: MCH_ID,
  appId: APP_ID,
  privateKey: merchantPem,
  certSerial: CERT_SERIAL,
  apiV3Key: API_V3_KEY,
  publicKey: fake.publicKeyPem,
  publicKeyId: fake.publicKeyId,
  baseUrl: fake.url,
  notifyBase: 'https://admin.example.com',
  ...over,
});

beforeAll(async () => {
  fake = await new FakeWechatPay(
    MCH_ID,
    APP_ID,
    merchant.publicKey,
    CERT_SERIAL,
    API_V3_KEY,
  ).start();
  gateway = new WechatPayGateway(options());
});
afterAll(() => fake.close());

let serial = 0;
async function created(amount = '88.88') {
  return gateway.createTrade({
    outTradeNo: `R${Date.now()}${serial++}`,
    amount,
    subject: '账户余额充值',
    merchantId: 1,
    merchantName: '小店',
    method: 'wechat',
    notifyUrl: '/open/cost-center/notify',
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });
}

describe('signing and amounts', () => {
  it('signs a known vector and writes the Authorization header', () => {
    const body = '{"appid":"wxd678efh567hg6787","mchid":"1230000109"}';
    expect(
      signingMessage(
        'POST',
        '/v3/pay/transactions/native',
        '1767225600',
        '593BEC0C930BF1AFEB40B4A08C8FB242',
        body,
      ),
    ).toBe(VECTOR_MESSAGE);
    const vector = new WechatPayGateway(options({ mchId: '1230000109', privateKey: VECTOR_KEY }));
    expect(
      vector.authorizationFor(
        'POST',
        '/v3/pay/transactions/native',
        body,
        '1767225600',
        '593BEC0C930BF1AFEB40B4A08C8FB242',
      ),
    ).toBe(
      authorization({
        mchId: '1230000109',
        nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
        signature: VECTOR_SIGNATURE,
        timestamp: '1767225600',
        serialNo: CERT_SERIAL,
      }),
    );
    expect(
      authorization({ mchId: 'M', nonce: 'N', signature: 'S', timestamp: 'T', serialNo: 'C' }),
    ).toBe(
      'WECHATPAY2-SHA256-RSA2048 mchid="M",nonce_str="N",signature="S",timestamp="T",serial_no="C"',
    );
  });

  it('converts yuan to fen and back exactly', () => {
    expect(toFen('0.01')).toBe(1);
    expect(toFen('100.10')).toBe(10010);
    expect(toFen('100.1')).toBe(10010);
    expect(toFen('19.99')).toBe(1999);
    expect(toFen('7')).toBe(700);
    expect(toFen('999999999999.99')).toBe(99999999999999);
    expect(() => toFen('1.001')).toThrow();
    expect(() => toFen('-1.00')).toThrow();
    expect(fromFen(1)).toBe('0.01');
    expect(fromFen(10010)).toBe('100.10');
    expect(fromFen(1.5)).toBeNull();
  });

  it('writes times in RFC 3339 China time; cuts descriptions by UTF-8 bytes', () => {
    expect(chinaTimeRfc3339(new Date('2026-03-01T17:30:05.900Z'))).toBe(
      '2026-03-02T01:30:05+08:00',
    );
    expect(utf8Prefix('充值充值', 7)).toBe('充值');
    expect(Buffer.byteLength(utf8Prefix('充'.repeat(100), 127))).toBe(126);
  });

  it('refuses an APIv3 key that is not 32 characters', () => {
    expect(() => new WechatPayGateway(options({ apiV3Key: 'short' }))).toThrow(
      /WECHATPAY_API_V3_KEY/,
    );
  });
});

describe('WechatPayGateway against a fake WeChat Pay', () => {
  it('creates a Native trade: a code_url, fen, the notify URL, an RFC 3339 expiry', async () => {
    const trade = await created('100.10');
    expect(trade).toMatchObject({ status: 'pending', tradeNo: '', amount: '100.10' });
    expect(trade.qrCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.trades.get(trade.outTradeNo)).toMatchObject({
      total: 10010,
      notifyUrl: 'https://admin.example.com/open/cost-center/notify',
      timeExpire: chinaTimeRfc3339(trade.expiresAt),
      description: '账户余额充值 · 小店',
    });
    const request = fake.requests.at(-1)!;
    expect(request.headers.authorization).toMatch(
      new RegExp(`^WECHATPAY2-SHA256-RSA2048 mchid="${MCH_ID}",nonce_str="\\w+",signature="`),
    );
    expect(request.headers.accept).toBe('application/json');
  });

  it('queries a trade: pending, then paid; unknown is null', async () => {
    const trade = await created();
    expect(await gateway.queryTrade(trade.outTradeNo)).toMatchObject({
      status: 'pending',
      amount: '88.88',
      paidAt: null,
    });
    fake.pay(trade.outTradeNo);
    const paid = await gateway.queryTrade(trade.outTradeNo);
    expect(paid).toMatchObject({
      status: 'paid',
      amount: '88.88',
      tradeNo: fake.trades.get(trade.outTradeNo)!.transactionId,
    });
    expect(Math.abs(paid!.paidAt!.getTime() - Date.now())).toBeLessThan(5000);
    expect(await gateway.queryTrade('nope')).toBeNull();
    expect(fake.requests.at(-1)!.path).toBe(
      `/v3/pay/transactions/out-trade-no/nope?mchid=${MCH_ID}`,
    );
  });

  it('closes a waiting trade; a paid one stays paid; an unknown one is null', async () => {
    const open = await created();
    expect(await gateway.closeTrade(open.outTradeNo)).toMatchObject({ status: 'closed' });
    expect(fake.trades.get(open.outTradeNo)!.state).toBe('CLOSED');
    const paid = await created();
    fake.pay(paid.outTradeNo);
    expect(await gateway.closeTrade(paid.outTradeNo)).toMatchObject({ status: 'paid' });
    expect(await gateway.closeTrade('nope')).toBeNull();
  });

  it('refunds in parts, then the rest; past the paid amount is refused', async () => {
    const trade = await created('100.00');
    fake.pay(trade.outTradeNo);
    const refund = (outRefundNo: string, amount: string) =>
      gateway.refund({ outTradeNo: trade.outTradeNo, outRefundNo, amount, reason: 'test' });
    const no = (n: number) => `${trade.outTradeNo}F${n}`;
    expect(await refund(no(1), '30.00')).toEqual({
      outRefundNo: no(1),
      amount: '30.00',
      refundedTotal: null,
    });
    expect(fake.trades.get(trade.outTradeNo)!.refunds.get(no(1))).toMatchObject({
      amount: { refund: 3000, total: 10000, currency: 'CNY' },
    });
    // The same refund number again moves nothing more, and answers the first refund.
    expect(await refund(no(1), '30.00')).toMatchObject({ amount: '30.00' });
    expect(fake.trades.get(trade.outTradeNo)!.refunds.size).toBe(1);
    // Refunded in part, the trade is REFUND at WeChat Pay, and still paid here.
    expect(await gateway.queryTrade(trade.outTradeNo)).toMatchObject({ status: 'paid' });
    await expect(refund(no(2), '70.01')).rejects.toThrow(RefundRefused);
    await expect(refund(no(2), '70.01')).rejects.toThrow('申请退款金额超过订单可退金额');
    expect(await refund(no(3), '70.00')).toMatchObject({ amount: '70.00' });
    await expect(refund(no(4), '0.01')).rejects.toThrow(RefundRefused);
  });

  it('refuses a refund when the merchant account is short, or of a trade not paid or unknown', async () => {
    const trade = await created('10.00');
    fake.pay(trade.outTradeNo);
    fake.refundBalance = 500;
    try {
      await expect(
        gateway.refund({
          outTradeNo: trade.outTradeNo,
          outRefundNo: `${trade.outTradeNo}F1`,
          amount: '6.00',
          reason: '',
        }),
      ).rejects.toThrow('基本账户余额不足');
    } finally {
      fake.refundBalance = null;
    }
    const waiting = await created();
    await expect(
      gateway.refund({
        outTradeNo: waiting.outTradeNo,
        outRefundNo: `${waiting.outTradeNo}F1`,
        amount: '1.00',
        reason: '',
      }),
    ).rejects.toThrow(RefundRefused);
    await expect(
      gateway.refund({ outTradeNo: 'nope', outRefundNo: 'nopeF1', amount: '1.00', reason: '' }),
    ).rejects.toThrow(RefundRefused);
  });

  it('reads a notification signed by WeChat Pay, decrypting its resource', async () => {
    const trade = await created();
    const { headers, body } = fake.pay(trade.outTradeNo);
    const notice = await gateway.verifyNotice({ headers, body: JSON.parse(body), rawBody: body });
    expect(notice).toMatchObject({
      notifyId: JSON.parse(body).id,
      tradeNo: fake.trades.get(trade.outTradeNo)!.transactionId,
      outTradeNo: trade.outTradeNo,
      amount: '88.88',
      status: 'paid',
    });
    expect(notice.paidAt).toBeInstanceOf(Date);
  });

  it('refuses a notification with a bad signature, an old timestamp, a wrong key or another merchant', async () => {
    const trade = await created();
    const good = fake.pay(trade.outTradeNo);
    const verify = ({ headers, body }: { headers: Record<string, string>; body: string }) =>
      gateway.verifyNotice({ headers, body: JSON.parse(body), rawBody: body });
    // The body changed after signing (one space).
    await expect(verify({ ...good, body: ` ${good.body}` })).rejects.toThrow('bad signature');
    await expect(
      verify({ ...good, headers: { ...good.headers, 'wechatpay-signature': 'AAAA' } }),
    ).rejects.toThrow(InvalidNotice);
    // Signed by a stranger's key.
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expect(
      verify(fake.notification(trade.outTradeNo, { signWith: stranger.privateKey })),
    ).rejects.toThrow('bad signature');
    // Another key id than the configured WeChat Pay public key's.
    await expect(
      verify(fake.notification(trade.outTradeNo, { serial: 'PUB_KEY_ID_OTHER' })),
    ).rejects.toThrow(/PUB_KEY_ID_OTHER/);
    // Older than five minutes (rightly signed).
    const old = Math.floor(Date.now() / 1000) - 301;
    await expect(verify(fake.notification(trade.outTradeNo, { timestamp: old }))).rejects.toThrow(
      /not within 5 minutes/,
    );
    // Encrypted with another APIv3 key: decryption fails.
    await expect(
      verify(fake.notification(trade.outTradeNo, { apiV3Key: 'b'.repeat(32) })),
    ).rejects.toThrow(/cannot decrypt/);
    // Rightly signed and encrypted, but of another merchant or app.
    await expect(
      verify(fake.notification(trade.outTradeNo, { transaction: { mchid: '1900000999' } })),
    ).rejects.toThrow('another merchant');
    await expect(
      verify(fake.notification(trade.outTradeNo, { transaction: { appid: 'wx0000000000000000' } })),
    ).rejects.toThrow('another app');
    await expect(gateway.verifyNotice({ headers: good.headers, body: {} })).rejects.toThrow(
      InvalidNotice,
    );
  });

  it('decrypts with the tag in the last 16 bytes; a changed byte fails', () => {
    const trade = fake.trades.values().next().value!;
    const { body } = fake.notification(trade.outTradeNo);
    const resource = JSON.parse(body).resource;
    expect(JSON.parse(decryptResource(resource, API_V3_KEY)).out_trade_no).toBe(trade.outTradeNo);
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() =>
      decryptResource({ ...resource, ciphertext: bytes.toString('base64') }, API_V3_KEY),
    ).toThrow();
  });

  it('throws when an answer is not signed with the WeChat Pay public key, or the request is refused', async () => {
    const stranger = await new FakeWechatPay(
      MCH_ID,
      APP_ID,
      merchant.publicKey,
      CERT_SERIAL,
      API_V3_KEY,
    ).start();
    try {
      // Same key id, another key.
      const forged = new WechatPayGateway(
        options({ baseUrl: stranger.url, publicKeyId: stranger.publicKeyId }),
      );
      const createIn = (g: WechatPayGateway) =>
        g.createTrade({
          outTradeNo: `R${Date.now()}${serial++}`,
          amount: '1.00',
          subject: 'x',
          merchantId: 1,
          merchantName: '',
          method: 'wechat',
          notifyUrl: '/open/cost-center/notify',
          expiresAt: new Date(Date.now() + 60_000),
        });
      await expect(createIn(forged)).rejects.toThrow(/signature is not WeChat Pay's/);
      // A "no such trade" not signed by WeChat Pay is not taken for one.
      await expect(forged.queryTrade('x')).rejects.toThrow(/ORDER_NOT_EXIST/);
      // Another key id.
      const other = new WechatPayGateway(options({ baseUrl: stranger.url }));
      await expect(createIn(other)).rejects.toThrow(/not the WeChat Pay public key/);
      // The merchant's signature is refused (another certificate serial).
      const badSerial = new WechatPayGateway(options({ certSerial: 'FFFF' }));
      await expect(badSerial.queryTrade('x')).rejects.toThrow(/401 SIGN_ERROR/);
      // An unsigned refusal is not a business answer: the refund may yet have happened.
      const error = await other
        .refund({ outTradeNo: 'x', outRefundNo: 'F', amount: '1.00', reason: '' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(RefundRefused);
    } finally {
      await stranger.close();
    }
  });
});
