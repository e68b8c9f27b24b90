import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AlipayGateway,
  chinaTime,
  rawMember,
  readPrivateKey,
  readPublicKey,
  signingText,
} from './alipay';
import { FakeAlipay } from './fake-alipay';
import { InvalidNotice, RefundRefused } from './gateway';

/** A fixed key, and the signature `openssl dgst -sha256 -sign` made of the signing text below. */
const VECTOR_KEY = [
  '-----BEGIN PRIVATE KEY-----',
  'MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQD3N04tO8FjOyUy',
  'nAZyffP1IP1wFQ+eiQ6WtwS83UMhfC0Hcxzp8HL2YZLTUrS4HhaS1gFdumyGXI+l',
  '2xhmRFd5sNvNVuZDtQc/1eOntom6Og6AhqK7L+SbdcOSUmpxhHcsPE6PsYmWHo8t',
  'y08UuPbGz3/YWXWzrAitAVEhc0NQ9ZSQjMRS2StMB8eS3ficZs3xFU6rmzlgunDr',
  'yJEp+QnlIIpbQQZjNOBxNVTsjU5NldAwd3suZPgGlsGywfXPY+JwWv1wWnHt4mO1',
  'dT62ZiihSEiAm/P1Vga5lnnU0SMrW8E4/bs8IBWAKy06n3kUbugVOyzqZ/VegujX',
  'k+S/AYLTAgMBAAECggEAImEklBHNURl2kNU16FIvzRUraZzkMS3qQ3dsRz+WCGAW',
  'ewS9LqNruWvUWWMVEs3MYds1EW3NjdnteClB+Wbjq163EpVVLHFOcsgyAq7V9HoC',
  'bklK9DEy35O/AOhJOUQstpAkdMNB2Qii7MFrW/xlBTzyEIpQXg48nqKiP76hy+41',
  'It7vLKEARXoPyORKQ48RLXTUKAEqAUZR26E99tC4Wns/z+pBOzPVAaYmyhaJJkIg',
  '2z+kt3TvCjCdefEdTaXibZqPdAifqSqWX3WJBM66zaYSfyK4ZZyTmdKmngI4O3y/',
  '7k5LxF1pdqX1QO7kJLPfvfbY5Dc9DAIfE+WycjrNYQKBgQD+2td0+Qi79EmBZdWs',
  'BGrppBpvtcgMAvh0gDr7rDx35UR0qiSDqyCu6u+eFgm1wutq3Odo6eYqcd/iXO8J',
  'UF4+SZKpyQRGvpdGpcMI2EWcaI9TQsz/GN0iRF/f6EOrL7JX2xjvWVftuco4X+f1',
  'si8ALClU1MkSU972CTeoUeVTWQKBgQD4U61GfLIEiUhELtP3NVr6s2QaF3Ai56n3',
  'a/i5uVJOYmfm3QpG58y65IFcuQo31pTZPNplGSLiDdeiFhothzDIgzj9H7jv3g3W',
  'Rs8EFb/vBt5eM/F2ZZLeUsT/liDfBT2RR3j9eMxfnQxpkNbxOMpQdgCEdnd4m1IC',
  '7a97LaaeCwKBgQDXSYLsu1rXe7uEZcQkde7iw8/ZQlRlYTUFJTWuWIcUOUakzv3d',
  'hHgtiyU0BCXbt3crZMTPaZcXj+6yyBLdaVjTgU81wiusn2AnO+wP0rKrN+CrUyjc',
  '7eIQCnZ7LTfMqpQbh2f++RhAJ8xd5xaKBSWTHbskgEQDCXq1mH+93sC8sQKBgQCo',
  'eaTScKEaIMWNtLOMQX+zHOgqJ4Klu8R9n5xE7O1hTrQtVgO17Wfh2EvHy6aaEZQ0',
  '+ms1MeOPuFJ2nkYuY0z+jMCqQs5mtqFuoeWrYNIx6dgN03HboLgO69rJiGJOzLBj',
  'kzkLxtvpdpRIPsMFL0Fba2OYewM9KStv3zAyAtvK1wKBgGjIRROFN6G6co1li6Sm',
  'dJ62HRxy9027uANpf9AyF9/tMH601wFkCJ/GMjfLreIkN0NaCQ0qaMVo+1f6P7u4',
  'iM76dJ0qMELyJyBZ9Bbidn52nCdtwa0lCyZs4i9/4TY8g2Gyl/kCbSTFIV9O8Mk9',
  'FBMPpvnY1RtRoIxA+Ona5/PI',
  '-----END PRIVATE KEY-----',
].join('\n');
const VECTOR_SIGN =
  'mV9MCxeesCYzQA6K9BPpQVMX2S+Bk3L5qy2warD7l2d2LT4b9zI/5mq7NZA7wtOIs8KJmziZtdU9KW70' +
  's7Tym0oNZKUTkhpFH5NI+Jiq83Fs2ZUHO5pOd7sJxkpyb3zjUgeZHlHzmPC8IElIl3loHpbYRTbiltk3' +
  'hSpDffi77WkriDxT4Z3pkeeU9LrQ9au9q4WD4qNXlVH7FvtOSlN6UL8T50dXpJ9MmrFd64Udpn8pRmI9' +
  '6pg1YRMz/ClfL3ZsOQjeuIREPHwhjwEnEzJ1i1SaQZ10bpvGcxuUrB7F2J4DajvRZMP2I7d+7YHcBGrr' +
  'VT6lbRs1s6EUTl293/2hww==';

const APP_ID = '2021000000000001';
const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const appPrivatePem = app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
let fake: FakeAlipay;
let gateway: AlipayGateway;

beforeAll(async () => {
  fake = await new FakeAlipay(APP_ID, app.publicKey).start();
  gateway = new AlipayGateway({
    appId: APP_ID,
    privateKey: appPrivatePem,
    alipayPublicKey: fake.publicKeyBase64,
    gatewayUrl: fake.url,
    notifyBase: 'https://admin.example.com',
  });
});
afterAll(() => fake.close());

let serial = 0;
async function created(amount = '88.88') {
  const outTradeNo = `T${Date.now()}${serial++}`;
  const trade = await gateway.createTrade({
    outTradeNo,
    amount,
    subject: '账户余额充值',
    merchantId: 1,
    merchantName: '小店',
    method: 'alipay',
    notifyUrl: '/open/cost-center/notify',
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });
  return trade;
}

describe('signing', () => {
  it('builds the signing string and signature of a known vector', () => {
    const vector = new AlipayGateway({
      appId: '2014072300007148',
      privateKey: VECTOR_KEY,
      alipayPublicKey: fake.publicKeyBase64,
      notifyBase: 'https://admin.example.com',
    });
    const fields = vector.requestFields(
      'alipay.trade.precreate',
      { out_trade_no: 'R20260101000000123456', total_amount: '88.88', subject: '充值' },
      { notify_url: 'https://admin.example.com/open/cost-center/notify', empty: '' },
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(signingText(fields)).toBe(
      'app_id=2014072300007148&biz_content={"out_trade_no":"R20260101000000123456","total_amount":"88.88","subject":"充值"}' +
        '&charset=utf-8&format=JSON&method=alipay.trade.precreate' +
        '&notify_url=https://admin.example.com/open/cost-center/notify&sign_type=RSA2' +
        '&timestamp=2026-01-01 08:00:00&version=1.0',
    );
    expect(fields.sign).toBe(VECTOR_SIGN);
  });

  it('reads keys as PEM or as the bare base64 of the key tool and the console', () => {
    const bareKey = VECTOR_KEY.split('\n').slice(1, -1).join('');
    expect(readPrivateKey(bareKey).asymmetricKeyType).toBe('rsa');
    // A PEM on one line of an env file.
    expect(readPrivateKey(VECTOR_KEY.replaceAll('\n', '\\n')).asymmetricKeyType).toBe('rsa');
    const pkcs1 = readPrivateKey(VECTOR_KEY)
      .export({ type: 'pkcs1', format: 'der' })
      .toString('base64');
    expect(readPrivateKey(pkcs1).asymmetricKeyType).toBe('rsa');
    const publicPem = createPublicKey(VECTOR_KEY).export({ type: 'spki', format: 'pem' });
    expect(readPublicKey(publicPem.toString()).asymmetricKeyType).toBe('rsa');
    expect(() => readPublicKey('not a key')).toThrow(/ALIPAY_PUBLIC_KEY/);
    expect(() => readPrivateKey('bm90IGEga2V5')).toThrow(/ALIPAY_PRIVATE_KEY/);
  });

  it('reads a PEM pasted into a one-line field, and refuses keys that are not RSA or not public', () => {
    // A browser's one-line input drops the line breaks of what is pasted into it.
    expect(readPrivateKey(VECTOR_KEY.replaceAll('\n', '')).asymmetricKeyType).toBe('rsa');
    const publicPem = createPublicKey(VECTOR_KEY).export({ type: 'spki', format: 'pem' });
    expect(readPublicKey(publicPem.toString().replaceAll('\n', ' ')).asymmetricKeyType).toBe('rsa');
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() =>
      readPrivateKey(ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    ).toThrow(/not an RSA private key/);
    expect(() =>
      readPublicKey(ec.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    ).toThrow(/not an RSA public key/);
    // OpenSSL would take a private key for its public key: refused, it is not to be shown.
    expect(() => readPublicKey(VECTOR_KEY)).toThrow(/not an RSA public key/);
  });

  it('takes a response node as its raw text', () => {
    const raw = '{"a_response" : {"code":"10000","x":"}\\"{","n":[1,{"b":2}]} ,"sign":"s"}';
    expect(rawMember(raw, 'a_response')).toBe('{"code":"10000","x":"}\\"{","n":[1,{"b":2}]}');
    expect(rawMember(raw, 'sign')).toBe('"s"');
    expect(rawMember(raw, 'code')).toBeNull();
  });

  it('writes times in China time', () => {
    expect(chinaTime(new Date('2026-03-01T17:30:05Z'))).toBe('2026-03-02 01:30:05');
  });
});

describe('AlipayGateway against a fake Alipay', () => {
  it('precreates a trade: a QR code, the notify URL, an absolute expiry', async () => {
    const trade = await created();
    expect(trade.qrCode).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(trade.status).toBe('pending');
    const request = fake.requests.at(-1)!;
    expect(request.method).toBe('alipay.trade.precreate');
    expect(request.notify_url).toBe('https://admin.example.com/open/cost-center/notify');
    expect(request.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(request.biz_content!)).toMatchObject({
      out_trade_no: trade.outTradeNo,
      total_amount: '88.88',
      time_expire: chinaTime(trade.expiresAt),
    });
  });

  it('queries a trade: unknown until scanned, then pending, then paid', async () => {
    const trade = await created();
    expect(await gateway.queryTrade(trade.outTradeNo)).toBeNull();
    fake.scan(trade.outTradeNo);
    expect(await gateway.queryTrade(trade.outTradeNo)).toMatchObject({ status: 'pending' });
    fake.pay(trade.outTradeNo);
    const paid = await gateway.queryTrade(trade.outTradeNo);
    expect(paid).toMatchObject({
      status: 'paid',
      amount: '88.88',
      tradeNo: fake.trades.get(trade.outTradeNo)!.tradeNo,
    });
    expect(Math.abs(paid!.paidAt!.getTime() - Date.now())).toBeLessThan(5000);
  });

  it('closes a scanned trade; a paid one stays paid; one never scanned is unknown', async () => {
    const open = await created();
    fake.scan(open.outTradeNo);
    expect(await gateway.closeTrade(open.outTradeNo)).toMatchObject({ status: 'closed' });
    const paid = await created();
    fake.pay(paid.outTradeNo);
    expect(await gateway.closeTrade(paid.outTradeNo)).toMatchObject({ status: 'paid' });
    const unscanned = await created();
    expect(await gateway.closeTrade(unscanned.outTradeNo)).toBeNull();
  });

  it('refunds in parts, then the rest; past the paid amount is refused', async () => {
    const trade = await created('100.00');
    fake.pay(trade.outTradeNo);
    const refund = (outRefundNo: string, amount: string) =>
      gateway.refund({ outTradeNo: trade.outTradeNo, outRefundNo, amount, reason: 'test' });
    expect(await refund('F1', '30.00')).toEqual({
      outRefundNo: 'F1',
      amount: '30.00',
      refundedTotal: '30.00',
    });
    // The same refund number again moves nothing more.
    expect((await refund('F1', '30.00')).refundedTotal).toBe('30.00');
    await expect(refund('F2', '70.01')).rejects.toThrow(RefundRefused);
    await expect(refund('F2', '70.01')).rejects.toThrow('退款金额超限');
    expect(await refund('F3', '70.00')).toMatchObject({ refundedTotal: '100.00' });
    await expect(refund('F4', '0.01')).rejects.toThrow(RefundRefused);
  });

  it('refuses a refund of a trade Alipay does not have', async () => {
    const trade = await created();
    fake.scan(trade.outTradeNo);
    await expect(
      gateway.refund({ outTradeNo: 'nope', outRefundNo: 'F1', amount: '1.00', reason: '' }),
    ).rejects.toThrow(RefundRefused);
  });

  it('reads a notification signed by Alipay', async () => {
    const trade = await created();
    const fields = fake.pay(trade.outTradeNo);
    const notice = await gateway.verifyNotice({ headers: {}, body: fields });
    expect(notice).toMatchObject({
      notifyId: fields.notify_id,
      tradeNo: fields.trade_no,
      outTradeNo: trade.outTradeNo,
      amount: '88.88',
      status: 'paid',
    });
    expect(notice.paidAt).toBeInstanceOf(Date);
  });

  it('refuses a notification with a bad signature, or of another app', async () => {
    const trade = await created();
    const fields = fake.pay(trade.outTradeNo);
    const verify = (body: unknown) => gateway.verifyNotice({ headers: {}, body });
    await expect(verify({ ...fields, total_amount: '0.01' })).rejects.toThrow(InvalidNotice);
    await expect(verify({ ...fields, sign: '' })).rejects.toThrow(InvalidNotice);
    // Signed rightly, but for another app.
    const other = fake.notification(trade.outTradeNo, { app_id: '2021000000000999' });
    await expect(verify(other)).rejects.toThrow('another app');
    // Signed with another key (not Alipay's).
    const stranger = new FakeAlipay(APP_ID, app.publicKey);
    stranger.trades.set(trade.outTradeNo, fake.trades.get(trade.outTradeNo)!);
    await expect(verify(stranger.notification(trade.outTradeNo))).rejects.toThrow('bad signature');
  });

  it('throws when an answer is not signed by Alipay, or the app is refused', async () => {
    const stranger = await new FakeAlipay(APP_ID, app.publicKey).start();
    try {
      const forged = new AlipayGateway({
        appId: APP_ID,
        privateKey: appPrivatePem,
        alipayPublicKey: fake.publicKeyBase64,
        gatewayUrl: stranger.url,
        notifyBase: 'https://admin.example.com',
      });
      await expect(forged.queryTrade('x')).rejects.toThrow(/signature is not Alipay's/);
      const otherApp = new AlipayGateway({
        appId: '2021000000000999',
        privateKey: appPrivatePem,
        alipayPublicKey: fake.publicKeyBase64,
        gatewayUrl: fake.url,
        notifyBase: 'https://admin.example.com',
      });
      await expect(otherApp.queryTrade('x')).rejects.toThrow(/isv.invalid-app-id/);
      // Unsigned: not a business answer, so not a refusal (the refund may yet have happened).
      const error = await otherApp
        .refund({ outTradeNo: 'x', outRefundNo: 'F', amount: '1.00', reason: '' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(RefundRefused);
    } finally {
      await stranger.close();
    }
  });
});
