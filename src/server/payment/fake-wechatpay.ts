import {
  createCipheriv,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rsa2Verify } from './alipay';
import { chinaTimeRfc3339, rsaSign, signingMessage } from './wechatpay';

/**
 * Tests only: WeChat Pay's API v3 on a random local port, with its own RSA key pair (the WeChat
 * Pay public key's side). It checks each request's Authorization signature with the merchant's
 * public key, keeps trades in memory as WeChat Pay does (a Native trade exists from its creation),
 * signs each answer, and "pays" a trade by POSTing a signed notification, its resource encrypted
 * with the APIv3 key, to the trade's notify_url.
 */

export interface FakeWechatTrade {
  outTradeNo: string;
  transactionId: string;
  appId: string;
  description: string;
  /** Fen. */
  total: number;
  notifyUrl: string;
  timeExpire: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  successTime: Date | null;
  refunds: Map<string, Record<string, unknown>>;
}

export interface FakeNotification {
  headers: Record<string, string>;
  body: string;
}

type Json = Record<string, unknown>;

export function encryptResource(
  plaintext: string,
  apiV3Key: string,
  nonce: string,
  associatedData: string,
): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), nonce);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([data, cipher.getAuthTag()]).toString('base64');
}

const nonce = (bytes = 16) => randomBytes(bytes).toString('hex').toUpperCase();

export class FakeWechatPay {
  readonly trades = new Map<string, FakeWechatTrade>();
  /** Every request as received. */
  readonly requests: { method: string; path: string; headers: IncomingMessage['headers'] }[] = [];
  readonly publicKey: KeyObject;
  private readonly privateKey: KeyObject;
  readonly publicKeyId = `PUB_KEY_ID_0116${randomBytes(12).toString('hex').toUpperCase()}`;
  private server: Server | undefined;
  url = '';
  /** Fen the merchant's account holds for refunds; null: enough. */
  refundBalance: number | null = null;

  constructor(
    readonly mchId: string,
    readonly appId: string,
    private readonly merchantPublicKey: KeyObject,
    private readonly merchantCertSerial: string,
    readonly apiV3Key: string,
  ) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.publicKey = pair.publicKey;
    this.privateKey = pair.privateKey;
  }

  /** The WeChat Pay public key as pub_key.pem holds it. */
  get publicKeyPem(): string {
    return this.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  /** Listens on 127.0.0.1, on `port` (the browser tests' fixed one) or any free one. */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => this.answer(req, body, res));
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The payer pays: the trade is paid; answers the notification to send. */
  pay(
    outTradeNo: string,
    options: Parameters<FakeWechatPay['notification']>[1] = {},
  ): FakeNotification {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    if (trade.state !== 'NOTPAY') throw new Error(`trade is ${trade.state}`);
    trade.state = 'SUCCESS';
    trade.transactionId = `4200002${randomBytes(11).toString('hex').slice(0, 21)}`;
    trade.successTime = new Date();
    return this.notification(outTradeNo, options);
  }

  /** The transaction as a query answers it and a notification's resource holds it. */
  transaction(trade: FakeWechatTrade): Json {
    return {
      appid: trade.appId,
      mchid: this.mchId,
      out_trade_no: trade.outTradeNo,
      ...(trade.transactionId ? { transaction_id: trade.transactionId } : {}),
      trade_type: 'NATIVE',
      trade_state: trade.state,
      trade_state_desc: trade.state === 'SUCCESS' ? '支付成功' : '',
      ...(trade.successTime
        ? {
            bank_type: 'OTHERS',
            success_time: chinaTimeRfc3339(trade.successTime),
            payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
          }
        : {}),
      amount: {
        total: trade.total,
        currency: 'CNY',
        ...(trade.successTime ? { payer_total: trade.total, payer_currency: 'CNY' } : {}),
      },
    };
  }

  /**
   * A TRANSACTION.SUCCESS notification of the trade as it stands, signed and encrypted as
   * WeChat Pay does; the options change the transaction, the key it is encrypted with, the time
   * it says, the key it is signed with, or how its JSON is written (before it is signed).
   */
  notification(
    outTradeNo: string,
    options: {
      transaction?: Json;
      apiV3Key?: string;
      timestamp?: number;
      signWith?: KeyObject;
      serial?: string;
      write?: (notification: Json) => string;
    } = {},
  ): FakeNotification {
    const trade = this.trades.get(outTradeNo)!;
    const resourceNonce = nonce(6);
    const body = (options.write ?? JSON.stringify)({
      id: randomUUID(),
      create_time: chinaTimeRfc3339(new Date()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encryptResource(
          JSON.stringify({ ...this.transaction(trade), ...options.transaction }),
          options.apiV3Key ?? this.apiV3Key,
          resourceNonce,
          'transaction',
        ),
        associated_data: 'transaction',
        nonce: resourceNonce,
      },
    });
    return {
      headers: this.signedHeaders(body, {
        timestamp: options.timestamp,
        key: options.signWith,
        serial: options.serial,
      }),
      body,
    };
  }

  /** POSTs a notification to the trade's notify_url as WeChat Pay does; answers what came back. */
  async deliver(outTradeNo: string, notification: FakeNotification) {
    const res = await fetch(this.trades.get(outTradeNo)!.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...notification.headers },
      body: notification.body,
    });
    return {
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      body: await res.text(),
    };
  }

  private signedHeaders(
    body: string,
    options: { timestamp?: number; key?: KeyObject; serial?: string } = {},
  ): Record<string, string> {
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const once = nonce();
    return {
      'wechatpay-serial': options.serial ?? this.publicKeyId,
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': once,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      'wechatpay-signature': rsaSign(
        signingMessage(timestamp, once, body),
        options.key ?? this.privateKey,
      ),
    };
  }

  /** Whether the request's Authorization header is the merchant's signature of it. */
  private authorized(req: IncomingMessage, body: string): boolean {
    const value = req.headers.authorization ?? '';
    if (!value.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const fields = Object.fromEntries(
      [...value.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    return (
      fields.mchid === this.mchId &&
      fields.serial_no === this.merchantCertSerial &&
      Math.abs(Date.now() / 1000 - Number(fields.timestamp)) <= 300 &&
      rsa2Verify(
        signingMessage(req.method ?? '', req.url ?? '', fields.timestamp!, fields.nonce_str!, body),
        fields.signature ?? '',
        this.merchantPublicKey,
      )
    );
  }

  private answer(req: IncomingMessage, body: string, res: ServerResponse) {
    this.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    const reply = (status: number, json?: Json) => {
      const text = json ? JSON.stringify(json) : '';
      res.writeHead(status, {
        ...(json ? { 'content-type': 'application/json; charset=utf-8' } : {}),
        ...this.signedHeaders(text),
      });
      res.end(text);
    };
    if (!this.authorized(req, body)) return reply(401, { code: 'SIGN_ERROR', message: '签名错误' });
    let json: Json = {};
    try {
      json = body ? JSON.parse(body) : {};
    } catch {
      return reply(400, { code: 'PARAM_ERROR', message: '请求体不是 JSON' });
    }
    const { status, json: answer } = this.handle(req.method ?? '', req.url ?? '', json);
    reply(status, answer);
  }

  private handle(method: string, url: string, body: Json): { status: number; json?: Json } {
    const { pathname, searchParams } = new URL(url, 'http://fake');
    const error = (status: number, code: string, message: string) => ({
      status,
      json: { code, message },
    });
    const notExist = error(404, 'ORDER_NOT_EXIST', '订单不存在');
    const tradeRoute = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(pathname);
    const refundRoute = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(pathname);
    if (method === 'POST' && pathname === '/v3/pay/transactions/native') {
      const amount = body.amount as Json | undefined;
      const total = amount?.total;
      if (body.mchid !== this.mchId || body.appid !== this.appId)
        return error(400, 'PARAM_ERROR', 'appid和mch_id不匹配');
      if (
        typeof total !== 'number' ||
        !Number.isInteger(total) ||
        total <= 0 ||
        amount?.currency !== 'CNY'
      )
        return error(400, 'PARAM_ERROR', '金额不正确');
      const description = String(body.description ?? '');
      if (!description || Buffer.byteLength(description) > 127)
        return error(400, 'PARAM_ERROR', 'description 长度不正确');
      if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(String(body.time_expire)))
        return error(400, 'PARAM_ERROR', 'time_expire 格式不正确');
      const outTradeNo = String(body.out_trade_no ?? '');
      const known = this.trades.get(outTradeNo);
      if (known && known.total !== total) return error(400, 'INVALID_REQUEST', '订单号重复');
      if (!known)
        this.trades.set(outTradeNo, {
          outTradeNo,
          transactionId: '',
          appId: String(body.appid),
          description,
          total,
          notifyUrl: String(body.notify_url ?? ''),
          timeExpire: String(body.time_expire),
          state: 'NOTPAY',
          successTime: null,
          refunds: new Map(),
        });
      return { status: 200, json: { code_url: `weixin://wxpay/bizpayurl?pr=${nonce(4)}` } };
    }
    if (tradeRoute) {
      const m = tradeRoute;
      const trade = this.trades.get(decodeURIComponent(m[1]!));
      if (method === 'GET' && !m[2]) {
        if (searchParams.get('mchid') !== this.mchId)
          return error(400, 'PARAM_ERROR', 'mchid 不正确');
        if (!trade) return notExist;
        return { status: 200, json: this.transaction(trade) };
      }
      if (method === 'POST' && m[2]) {
        if (body.mchid !== this.mchId) return error(400, 'PARAM_ERROR', 'mchid 不正确');
        if (!trade) return notExist;
        if (trade.state === 'SUCCESS' || trade.state === 'REFUND')
          return error(400, 'ORDER_PAID', '订单已支付');
        trade.state = 'CLOSED';
        return { status: 204 };
      }
    }
    if (method === 'POST' && pathname === '/v3/refund/domestic/refunds') {
      const trade = this.trades.get(String(body.out_trade_no ?? ''));
      if (!trade) return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      const outRefundNo = String(body.out_refund_no ?? '');
      const known = trade.refunds.get(outRefundNo);
      if (known) return { status: 200, json: known };
      if (trade.state !== 'SUCCESS' && trade.state !== 'REFUND')
        return error(400, 'INVALID_REQUEST', '订单未支付');
      const amount = body.amount as Json | undefined;
      const refund = amount?.refund;
      if (amount?.total !== trade.total) return error(400, 'PARAM_ERROR', '订单金额不一致');
      if (typeof refund !== 'number' || !Number.isInteger(refund) || refund <= 0)
        return error(400, 'PARAM_ERROR', '退款金额不正确');
      const refunded = [...trade.refunds.values()].reduce(
        (sum, r) => sum + ((r.amount as Json).refund as number),
        0,
      );
      if (refunded + refund > trade.total)
        return error(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
      if (this.refundBalance !== null && refund > this.refundBalance)
        return error(403, 'NOT_ENOUGH', '基本账户余额不足，请充值后重新发起');
      const record: Json = {
        refund_id: `5030${randomBytes(13).toString('hex').slice(0, 25)}`,
        out_refund_no: outRefundNo,
        transaction_id: trade.transactionId,
        out_trade_no: trade.outTradeNo,
        channel: 'ORIGINAL',
        user_received_account: '支付用户零钱',
        create_time: chinaTimeRfc3339(new Date()),
        status: 'PROCESSING',
        funds_account: 'AVAILABLE',
        amount: {
          total: trade.total,
          refund,
          payer_total: trade.total,
          payer_refund: refund,
          settlement_refund: refund,
          settlement_total: trade.total,
          discount_refund: 0,
          currency: 'CNY',
        },
      };
      trade.refunds.set(outRefundNo, record);
      trade.state = 'REFUND';
      return { status: 200, json: record };
    }
    if (method === 'GET' && refundRoute) {
      const m = refundRoute;
      const outRefundNo = decodeURIComponent(m[1]!);
      for (const trade of this.trades.values()) {
        const known = trade.refunds.get(outRefundNo);
        if (known) return { status: 200, json: { ...known, status: 'SUCCESS' } };
      }
      return error(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    }
    return error(404, 'NOT_FOUND', `no ${method} ${pathname}`);
  }
}

/**
 * A merchant's WeChat Pay account for the tests (the ids WeChat Pay's documentation uses, unless
 * given, and a fresh key pair), a fake WeChat Pay that knows it, and the account in the two forms
 * the product takes it: a store's pay manner, and the platform's own gateway's environment.
 */
export function fakeWechatAccount(ids: { mchId?: string; appId?: string; apiV3Key?: string } = {}) {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certSerial = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
  const fake = new FakeWechatPay(
    ids.mchId ?? '1900000109',
    ids.appId ?? 'wxd678efh567hg6787',
    keys.publicKey,
    certSerial,
    ids.apiV3Key ?? 'a7cde1ef52a1d3c8b0e5f6a9c2d4b8e1',
  );
  const privateKeyPem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    fake,
    certSerial,
    privateKeyPem,
    /** The body of `/admin/pay-manner/create` for this account. */
    payManner: () => ({
      kind: 'wechat' as const,
      name: '微信支付',
      mchId: fake.mchId,
      appId: fake.appId,
      certSerial,
      secret: privateKeyPem,
      apiV3Key: fake.apiV3Key,
      wechatPublicKey: fake.publicKeyPem,
      wechatPublicKeyId: fake.publicKeyId,
    }),
    /** The platform's gateway on this account (read once the fake has started: its address). */
    platformEnv: () => ({
      PAYMENT_GATEWAY: 'wechat',
      WECHATPAY_MCH_ID: fake.mchId,
      WECHATPAY_APP_ID: fake.appId,
      WECHATPAY_PRIVATE_KEY: privateKeyPem,
      WECHATPAY_CERT_SERIAL: certSerial,
      WECHATPAY_API_V3_KEY: fake.apiV3Key,
      // As pub_key.pem holds it, written on one line of an env file.
      WECHATPAY_PUBLIC_KEY: fake.publicKeyPem.replaceAll('\n', '\\n'),
      WECHATPAY_PUBLIC_KEY_ID: fake.publicKeyId,
      WECHATPAY_BASE_URL: fake.url,
    }),
  };
}
