import { createDecipheriv, createSign, type KeyObject, randomBytes } from 'node:crypto';
import { API_V3_KEY_LENGTH } from '../../shared/resources/pay-manner';
import { readPrivateKey, readPublicKey, rsa2Verify } from './alipay';
import {
  type CreateTradeInput,
  InvalidNotice,
  type PaymentGateway,
  type PaymentNotice,
  type RefundInput,
  RefundRefused,
  type RefundResult,
  type Trade,
  type TradeState,
  type TradeStatus,
} from './gateway';

/**
 * WeChat Pay's Native payment (a QR code the payer scans) through its API v3: every request
 * signed WECHATPAY2-SHA256-RSA2048 with the merchant's API private key, every answer and
 * notification checked with the WeChat Pay public key (微信支付公钥 mode: its id comes as
 * Wechatpay-Serial; platform-certificate mode is not supported), notifications decrypted with
 * the APIv3 key.
 */

export const WECHATPAY_BASE_URL = 'https://api.mch.weixin.qq.com';
/** How far a notification's timestamp may be from now. */
const NOTICE_MAX_AGE_SECONDS = 5 * 60;

const STATUS: Record<string, TradeStatus> = {
  SUCCESS: 'paid',
  // Paid, then (partly) refunded: the payment happened.
  REFUND: 'paid',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'closed',
};

/** Whether a text can be the APIv3 key: an AES-256 key, 32 bytes of UTF-8. */
export const isApiV3Key = (key: string) => Buffer.byteLength(key, 'utf8') === API_V3_KEY_LENGTH;

/** Each part followed by a line feed, as WeChat Pay builds every text it signs. */
export const signingMessage = (...parts: string[]) => parts.map((p) => `${p}\n`).join('');

export function rsaSign(text: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
}

/** The Authorization header's value for one request. */
export function authorization(fields: {
  mchId: string;
  nonce: string;
  signature: string;
  timestamp: string;
  serialNo: string;
}): string {
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${fields.mchId}",nonce_str="${fields.nonce}",` +
    `signature="${fields.signature}",timestamp="${fields.timestamp}",serial_no="${fields.serialNo}"`
  );
}

/** Fen (an integer) of a yuan decimal string, read digit by digit: never through a float. */
export function toFen(yuan: string): number {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!m) throw new Error(`not an amount in yuan: ${yuan}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Yuan with two decimals of an integer number of fen; null when it is not one. */
export function fromFen(fen: unknown): string | null {
  if (typeof fen !== 'number' || !Number.isSafeInteger(fen) || fen < 0) return null;
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** RFC 3339 in China time, as WeChat Pay writes times: 2026-01-01T08:00:00+08:00. */
export function chinaTimeRfc3339(date: Date): string {
  const local = new Date(Math.floor(date.getTime() / 1000) * 1000 + 8 * 3600_000);
  return `${local.toISOString().slice(0, 19)}+08:00`;
}

function fromRfc3339(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The longest start of `text` within `maxBytes` of UTF-8, no character cut in half. */
export function utf8Prefix(text: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const c of text) {
    bytes += Buffer.byteLength(c);
    if (bytes > maxBytes) break;
    out += c;
  }
  return out;
}

/**
 * A notification's resource, decrypted: AEAD_AES_256_GCM with the APIv3 key, the last 16 bytes
 * of the ciphertext being the authentication tag. Throws when the key or any part is wrong.
 */
export function decryptResource(
  resource: { ciphertext: string; nonce: string; associated_data?: string },
  apiV3Key: string,
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), resource.nonce);
  decipher.setAuthTag(data.subarray(-16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, -16)), decipher.final()]).toString('utf8');
}

/** WeChat Pay answered with an HTTP error ({code, message}). */
export class WechatPayError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    /** Whether the answer carried WeChat Pay's valid signature (a business answer can be trusted). */
    readonly signed: boolean,
  ) {
    super(`${path}: HTTP ${status} ${code} ${detail}`.trim());
  }
}

export interface WechatPayOptions {
  /** 商户号. */
  mchId: string;
  /** The APPID bound to the merchant number (an official account's, a mini-program's…). */
  appId: string;
  /** The merchant's API private key (apiclient_key.pem). */
  privateKey: string;
  /** The serial number of the merchant's API certificate. */
  certSerial: string;
  /** The APIv3 key (32 characters), which decrypts notifications. */
  apiV3Key: string;
  /** The WeChat Pay public key (PEM, or its bare base64) and its id (PUB_KEY_ID_…). */
  publicKey: string;
  publicKeyId: string;
  baseUrl?: string;
  /** The address WeChat Pay reaches this server at; notify paths are resolved against it. */
  notifyBase: string;
  timeoutMs?: number;
}

type Answer = Record<string, unknown>;

const header = (headers: Record<string, unknown> | Headers, name: string): string => {
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  return typeof value === 'string' ? value : '';
};

export class WechatPayGateway implements PaymentGateway {
  readonly name = 'wechat';
  readonly ack = { contentType: 'application/json', body: '{"code":"SUCCESS"}' };
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private readonly baseUrl: string;

  constructor(private readonly options: WechatPayOptions) {
    this.privateKey = readPrivateKey(options.privateKey, 'WECHATPAY_PRIVATE_KEY');
    this.publicKey = readPublicKey(options.publicKey, 'WECHATPAY_PUBLIC_KEY');
    if (!isApiV3Key(options.apiV3Key)) throw new Error('WECHATPAY_API_V3_KEY is not 32 characters');
    this.baseUrl = (options.baseUrl ?? WECHATPAY_BASE_URL).replace(/\/+$/, '');
  }

  /** The Authorization header of one request (`pathWithQuery` as sent, `body` '' for a GET). */
  authorizationFor(
    method: string,
    pathWithQuery: string,
    body: string,
    timestamp = String(Math.floor(Date.now() / 1000)),
    nonce = randomBytes(16).toString('hex').toUpperCase(),
  ): string {
    const message = signingMessage(method, pathWithQuery, timestamp, nonce, body);
    return authorization({
      mchId: this.options.mchId,
      nonce,
      signature: rsaSign(message, this.privateKey),
      timestamp,
      serialNo: this.options.certSerial,
    });
  }

  /** Whether headers and body carry WeChat Pay's signature, made with the expected public key. */
  private signedByWechat(headers: Record<string, unknown> | Headers, body: string): boolean {
    if (header(headers, 'wechatpay-serial') !== this.options.publicKeyId) return false;
    const signature = header(headers, 'wechatpay-signature');
    const message = signingMessage(
      header(headers, 'wechatpay-timestamp'),
      header(headers, 'wechatpay-nonce'),
      body,
    );
    return !!signature && rsa2Verify(message, signature, this.publicKey);
  }

  /**
   * One call: answers the JSON body of a 2xx answer signed by WeChat Pay ({} for a 204); throws
   * WechatPayError for an HTTP error, and a plain Error when WeChat Pay cannot be reached or a
   * success is not signed by it.
   */
  private async call(method: 'GET' | 'POST', path: string, payload?: object): Promise<Answer> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const url = new URL(this.baseUrl + path);
    const res = await fetch(url, {
      method,
      headers: {
        authorization: this.authorizationFor(method, url.pathname + url.search, body),
        accept: 'application/json',
        'user-agent': 'merchant-admin',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload === undefined ? undefined : body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    });
    const raw = await res.text();
    const signed = this.signedByWechat(res.headers, raw);
    if (!res.ok) {
      let error: Answer = {};
      try {
        error = JSON.parse(raw);
      } catch {}
      throw new WechatPayError(
        path,
        res.status,
        String(error.code ?? ''),
        String(error.message ?? ''),
        signed,
      );
    }
    const serial = res.headers.get('wechatpay-serial');
    if (!signed)
      throw new Error(
        serial && serial !== this.options.publicKeyId
          ? `${path}: the answer is signed with ${serial}, not the WeChat Pay public key ${this.options.publicKeyId}`
          : `${path}: the answer's signature is not WeChat Pay's`,
      );
    if (!raw) return {};
    try {
      return JSON.parse(raw);
    } catch {
      throw new Error(`${path}: WeChat Pay's answer is not JSON`);
    }
  }

  private tradePath(outTradeNo: string) {
    return `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`;
  }

  async createTrade(input: CreateTradeInput): Promise<Trade> {
    const answer = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.options.appId,
      mchid: this.options.mchId,
      description: utf8Prefix(`${input.subject} · ${input.merchantName}`, 127),
      out_trade_no: input.outTradeNo,
      time_expire: chinaTimeRfc3339(input.expiresAt),
      notify_url: new URL(input.notifyUrl, this.options.notifyBase).href,
      amount: { total: toFen(input.amount), currency: 'CNY' },
    });
    if (typeof answer.code_url !== 'string' || !answer.code_url)
      throw new Error('/v3/pay/transactions/native: no code_url');
    return {
      // WeChat Pay numbers the trade (transaction_id) when it is paid; the notification brings it.
      tradeNo: '',
      outTradeNo: input.outTradeNo,
      amount: fromFen(toFen(input.amount))!,
      status: 'pending',
      paidAt: null,
      qrCode: answer.code_url,
      expiresAt: input.expiresAt,
    };
  }

  /** The trade as a query or a notification's resource describes it. */
  private tradeState(transaction: Answer, outTradeNo: string): TradeState | null {
    const status = STATUS[String(transaction.trade_state)];
    const amount = fromFen((transaction.amount as Answer | undefined)?.total);
    if (!status || !amount) return null;
    return {
      tradeNo: typeof transaction.transaction_id === 'string' ? transaction.transaction_id : '',
      outTradeNo: String(transaction.out_trade_no ?? outTradeNo),
      amount,
      status,
      paidAt: status === 'paid' ? fromRfc3339(transaction.success_time) : null,
    };
  }

  async queryTrade(outTradeNo: string): Promise<TradeState | null> {
    let answer: Answer;
    try {
      answer = await this.call(
        'GET',
        `${this.tradePath(outTradeNo)}?mchid=${encodeURIComponent(this.options.mchId)}`,
      );
    } catch (error) {
      if (error instanceof WechatPayError && error.signed && error.code === 'ORDER_NOT_EXIST')
        return null;
      throw error;
    }
    const state = this.tradeState(answer, outTradeNo);
    if (!state) throw new Error(`trade query: unreadable trade ${String(answer.trade_state)}`);
    return state;
  }

  /**
   * Closes the trade (204), then asks how it stands. A close WeChat Pay refuses (paid or closed
   * already) is answered by the query too; refused while the trade is still waiting, it throws.
   */
  async closeTrade(outTradeNo: string): Promise<TradeState | null> {
    let refused: WechatPayError | undefined;
    try {
      await this.call('POST', `${this.tradePath(outTradeNo)}/close`, {
        mchid: this.options.mchId,
      });
    } catch (error) {
      if (!(error instanceof WechatPayError && error.signed && error.status < 500)) throw error;
      if (error.code === 'ORDER_NOT_EXIST') return null;
      refused = error;
    }
    const state = await this.queryTrade(outTradeNo);
    if (refused && state?.status === 'pending') throw refused;
    return state;
  }

  async verifyNotice({
    headers,
    body,
    rawBody,
  }: {
    headers: Record<string, unknown>;
    body: unknown;
    rawBody?: string;
  }): Promise<PaymentNotice> {
    // WeChat Pay signs the bytes it sent: the text as it came, never serialised again.
    const raw = rawBody ?? (typeof body === 'string' ? body : undefined);
    if (raw === undefined) throw new InvalidNotice('no raw body to verify');
    const serial = header(headers, 'wechatpay-serial');
    if (serial !== this.options.publicKeyId)
      throw new InvalidNotice(
        `signed with ${serial || 'no key id'}, not ${this.options.publicKeyId}`,
      );
    const timestamp = header(headers, 'wechatpay-timestamp');
    if (
      !/^\d{1,12}$/.test(timestamp) ||
      Math.abs(Date.now() / 1000 - Number(timestamp)) > NOTICE_MAX_AGE_SECONDS
    )
      throw new InvalidNotice(`timestamp ${timestamp || '(none)'} is not within 5 minutes`);
    if (!this.signedByWechat(headers, raw)) throw new InvalidNotice('bad signature');
    let notification: Answer;
    try {
      notification = JSON.parse(raw);
    } catch {
      throw new InvalidNotice('not JSON');
    }
    if (notification.event_type !== 'TRANSACTION.SUCCESS')
      throw new InvalidNotice(`event ${String(notification.event_type)} is not a payment's`);
    const resource = notification.resource as Answer | undefined;
    if (
      resource?.algorithm !== 'AEAD_AES_256_GCM' ||
      typeof resource.ciphertext !== 'string' ||
      typeof resource.nonce !== 'string'
    )
      throw new InvalidNotice('no AEAD_AES_256_GCM resource');
    let transaction: Answer;
    try {
      transaction = JSON.parse(
        decryptResource(
          {
            ciphertext: resource.ciphertext,
            nonce: resource.nonce,
            associated_data:
              typeof resource.associated_data === 'string' ? resource.associated_data : '',
          },
          this.options.apiV3Key,
        ),
      );
    } catch {
      throw new InvalidNotice('cannot decrypt the resource (another APIv3 key?)');
    }
    if (transaction.mchid !== this.options.mchId) throw new InvalidNotice('another merchant');
    if (transaction.appid !== this.options.appId) throw new InvalidNotice('another app');
    const state = this.tradeState(transaction, '');
    if (!state?.outTradeNo) throw new InvalidNotice('unreadable transaction');
    return { notifyId: String(notification.id ?? ''), ...state };
  }

  /** A refund WeChat Pay has under this number; null when it has none. */
  private async findRefund(outRefundNo: string): Promise<Answer | null> {
    try {
      return await this.call(
        'GET',
        `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`,
      );
    } catch (error) {
      if (error instanceof WechatPayError && error.signed && error.code === 'RESOURCE_NOT_EXISTS')
        return null;
      throw error;
    }
  }

  /**
   * Asks first whether the refund number is known (a retry answers the first refund and moves
   * nothing), then the trade's amount (WeChat Pay wants it with the refund). A signed 4xx answer
   * is RefundRefused, with WeChat Pay's message: nothing moved. Anything else may have refunded.
   *
   * WeChat Pay accepts a refund (PROCESSING) and pays it back within minutes to days; an accepted
   * one is answered as made, as the interface's "at once" allows: it cannot be taken back.
   *
   * `refundedTotal` is null: API v3 answers each refund alone (amount.refund) and its trade query
   * reports no refunded sum, so the callers' own records of their refunds are the total.
   */
  async refund(input: RefundInput): Promise<RefundResult> {
    const known = await this.findRefund(input.outRefundNo);
    if (known) return this.refundResult(known, input);
    const trade = await this.queryTrade(input.outTradeNo);
    if (!trade) throw new RefundRefused('ORDER_NOT_EXIST');
    if (trade.status !== 'paid') throw new RefundRefused(`trade is ${trade.status}`);
    let answer: Answer;
    try {
      answer = await this.call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.outTradeNo,
        out_refund_no: input.outRefundNo,
        ...(input.reason ? { reason: utf8Prefix(input.reason, 80) } : {}),
        amount: { refund: toFen(input.amount), total: toFen(trade.amount), currency: 'CNY' },
      });
    } catch (error) {
      if (
        error instanceof WechatPayError &&
        error.signed &&
        error.status >= 400 &&
        error.status < 500
      )
        throw new RefundRefused(error.detail || error.code);
      throw error;
    }
    return this.refundResult(answer, input);
  }

  private refundResult(answer: Answer, input: RefundInput): RefundResult {
    if (answer.out_trade_no !== undefined && answer.out_trade_no !== input.outTradeNo)
      throw new Error(`refund ${input.outRefundNo} is of trade ${String(answer.out_trade_no)}`);
    const status = String(answer.status);
    // Closed: the refund failed, nothing was given back.
    if (status === 'CLOSED') throw new RefundRefused(`refund ${input.outRefundNo} is closed`);
    // Abnormal: the payer's account could not take it; the merchant settles it on the platform.
    if (status !== 'SUCCESS' && status !== 'PROCESSING')
      throw new Error(`refund ${input.outRefundNo} is ${status}`);
    const amount = fromFen((answer.amount as Answer | undefined)?.refund);
    if (!amount) throw new Error(`refund ${input.outRefundNo}: no amount.refund`);
    return { outRefundNo: input.outRefundNo, amount, refundedTotal: null };
  }
}
