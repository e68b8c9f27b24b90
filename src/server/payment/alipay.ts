import {
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
} from 'node:crypto';
import Big from 'big.js';
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
 * Alipay's face-to-face QR payment (当面付 扫码支付) through its OpenAPI gateway: every request
 * signed RSA2 with the app's private key, every answer and notification checked with Alipay's
 * public key (public-key mode; certificate mode is not supported).
 */

export const ALIPAY_GATEWAY_URL = 'https://openapi.alipay.com/gateway.do';

const STATUS: Record<string, TradeStatus> = {
  WAIT_BUYER_PAY: 'pending',
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

/** `k=v&k=v` over the non-empty fields but `omit`, sorted by name, values as they are. */
export function signingText(fields: Record<string, string>, omit: string[] = ['sign']): string {
  return Object.keys(fields)
    .filter((k) => !omit.includes(k) && fields[k] !== undefined && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export function rsa2Sign(text: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
}

export function rsa2Verify(text: string, signature: string, key: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

const bare = (text: string) => text.replace(/\s+/g, '');
/** A PEM given in one line of an env file, its line breaks written as `\n`. */
const unescaped = (text: string) => text.replace(/\\n/g, '\n');

/**
 * A PEM as OpenSSL reads it: a PEM pasted into a one-line field (its line breaks dropped or made
 * spaces) has its body wrapped again.
 */
function pem(text: string): string {
  const m = /(-----BEGIN [A-Z ]+-----)([\s\S]*?)(-----END [A-Z ]+-----)/.exec(unescaped(text));
  if (!m) return text;
  const body = bare(m[2]!).replace(/(.{64})/g, '$1\n');
  return `${m[1]}\n${body.endsWith('\n') ? body : `${body}\n`}${m[3]}\n`;
}

const rsa = (key: KeyObject) => {
  if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
  return key;
};

/** A private key as PEM, or as the bare base64 Alipay's key tool shows (PKCS#8 or PKCS#1). */
export function readPrivateKey(text: string, name = 'ALIPAY_PRIVATE_KEY'): KeyObject {
  try {
    if (text.includes('-----BEGIN')) return rsa(createPrivateKey(pem(text)));
    const der = Buffer.from(bare(text), 'base64');
    try {
      return rsa(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }));
    } catch {
      return rsa(createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }));
    }
  } catch {
    throw new Error(`${name} is not an RSA private key (PEM, or the base64 the key tool gives)`);
  }
}

/**
 * A public key as PEM, or as the bare base64 Alipay's console shows. A private key is refused
 * (OpenSSL would derive its public key), so that one never sits where a public key is shown.
 */
export function readPublicKey(text: string, name = 'ALIPAY_PUBLIC_KEY'): KeyObject {
  try {
    if (/PRIVATE KEY/.test(text)) throw new Error('a private key');
    if (text.includes('-----BEGIN')) return rsa(createPublicKey(pem(text)));
    return rsa(
      createPublicKey({ key: Buffer.from(bare(text), 'base64'), format: 'der', type: 'spki' }),
    );
  } catch {
    throw new Error(`${name} is not an RSA public key (PEM, or the base64 the console shows)`);
  }
}

/** `yyyy-MM-dd HH:mm:ss` in China time (UTC+8), as Alipay writes and reads times. */
export function chinaTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function fromChinaTime(text: string | undefined): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text ?? '');
  return m ? new Date(`${m[1]}T${m[2]}+08:00`) : null;
}

const yuan = (text: unknown) => {
  if (typeof text !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  return new Big(text).toFixed(2);
};

/**
 * The exact text of the top-level member `key` of a JSON object: Alipay signs the bytes it sent,
 * so the text is taken as it came, never serialised again.
 */
export function rawMember(json: string, key: string): string | null {
  let depth = 0;
  let i = 0;
  const n = json.length;
  const skipString = (from: number) => {
    let j = from + 1;
    while (j < n && json[j] !== '"') j += json[j] === '\\' ? 2 : 1;
    return j + 1;
  };
  while (i < n) {
    const c = json[i];
    if (c === '"') {
      const end = skipString(i);
      if (depth === 1) {
        let j = end;
        while (/\s/.test(json[j] ?? '')) j++;
        if (json[j] === ':' && JSON.parse(json.slice(i, end)) === key) {
          j++;
          while (/\s/.test(json[j] ?? '')) j++;
          const start = j;
          let level = 0;
          while (j < n) {
            const d = json[j];
            if (d === '"') {
              j = skipString(j);
              if (level === 0) return json.slice(start, j);
              continue;
            }
            if (d === '{' || d === '[') level++;
            else if (d === '}' || d === ']') {
              if (level === 0) return json.slice(start, j).trim();
              level--;
              if (level === 0) return json.slice(start, j + 1);
            } else if (d === ',' && level === 0) return json.slice(start, j).trim();
            j++;
          }
          return null;
        }
      }
      i = end;
      continue;
    }
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    i++;
  }
  return null;
}

/** Alipay answered with an error code (`code` other than 10000). */
export class AlipayError extends Error {
  constructor(
    readonly method: string,
    readonly code: string,
    readonly subCode: string,
    readonly subMsg: string,
    /** Whether the answer carried Alipay's valid signature (a business answer can be trusted). */
    readonly signed: boolean,
  ) {
    super(`${method}: ${code} ${subCode} ${subMsg}`.trim());
  }
}

export interface AlipayOptions {
  appId: string;
  /** The app's private key (PEM, or the key tool's base64). */
  privateKey: string;
  /** Alipay's public key (PEM, or the console's base64). */
  alipayPublicKey: string;
  gatewayUrl?: string;
  /** The address Alipay reaches this server at; notify paths are resolved against it. */
  notifyBase: string;
  timeoutMs?: number;
}

type Answer = Record<string, unknown>;

export class AlipayGateway implements PaymentGateway {
  readonly name = 'alipay';
  readonly ack = { contentType: 'text/plain; charset=utf-8', body: 'success' };
  private readonly privateKey: KeyObject;
  private readonly alipayKey: KeyObject;
  private readonly gatewayUrl: string;

  constructor(private readonly options: AlipayOptions) {
    this.privateKey = readPrivateKey(options.privateKey);
    this.alipayKey = readPublicKey(options.alipayPublicKey);
    this.gatewayUrl = options.gatewayUrl ?? ALIPAY_GATEWAY_URL;
  }

  /** The signed form of one call (common parameters, biz_content, sign). */
  requestFields(
    method: string,
    biz: Record<string, unknown>,
    extra: Record<string, string> = {},
    now = new Date(),
  ): Record<string, string> {
    const fields: Record<string, string> = {
      app_id: this.options.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: chinaTime(now),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    fields.sign = rsa2Sign(signingText(fields), this.privateKey);
    return fields;
  }

  /**
   * One call: answers the response node when its code is 10000; throws AlipayError for another
   * code, and a plain Error when Alipay cannot be reached or its answer is not signed by it.
   */
  private async call(
    method: string,
    biz: Record<string, unknown>,
    extra: Record<string, string> = {},
  ): Promise<Answer> {
    const res = await fetch(this.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(this.requestFields(method, biz, extra)).toString(),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    });
    const raw = await res.text();
    if (!res.ok) throw new Error(`${method}: Alipay answered HTTP ${res.status}`);
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new Error(`${method}: Alipay's answer is not JSON`);
    }
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    const key = responseKey in parsed ? responseKey : 'error_response';
    const node = parsed[key] as Answer | undefined;
    const text = rawMember(raw, key);
    if (!node || typeof node !== 'object' || text === null)
      throw new Error(`${method}: no ${responseKey} in Alipay's answer`);
    const sign = typeof parsed.sign === 'string' ? parsed.sign : '';
    if (sign && !rsa2Verify(text, sign, this.alipayKey))
      throw new Error(`${method}: the answer's signature is not Alipay's`);
    const code = String(node.code ?? '');
    // Gateway-level errors (a bad app id, say) come unsigned; a success never does.
    if (!sign && code === '10000') throw new Error(`${method}: the answer is not signed`);
    if (code !== '10000')
      throw new AlipayError(
        method,
        code,
        String(node.sub_code ?? ''),
        String(node.sub_msg ?? node.msg ?? ''),
        !!sign,
      );
    return node;
  }

  async createTrade(input: CreateTradeInput): Promise<Trade> {
    const answer = await this.call(
      'alipay.trade.precreate',
      {
        out_trade_no: input.outTradeNo,
        total_amount: input.amount,
        subject: `${input.subject} · ${input.merchantName}`.slice(0, 256),
        product_code: 'FACE_TO_FACE_PAYMENT',
        time_expire: chinaTime(input.expiresAt),
      },
      { notify_url: new URL(input.notifyUrl, this.options.notifyBase).href },
    );
    if (typeof answer.qr_code !== 'string' || !answer.qr_code)
      throw new Error('alipay.trade.precreate: no qr_code');
    return {
      // Alipay numbers the trade when the payer scans the code; the notification brings it.
      tradeNo: '',
      outTradeNo: input.outTradeNo,
      amount: input.amount,
      status: 'pending',
      paidAt: null,
      qrCode: answer.qr_code,
      expiresAt: input.expiresAt,
    };
  }

  /** Null until the payer scans the code: a precreated trade does not exist at Alipay before. */
  async queryTrade(outTradeNo: string): Promise<TradeState | null> {
    let answer: Answer;
    try {
      answer = await this.call('alipay.trade.query', { out_trade_no: outTradeNo });
    } catch (error) {
      if (error instanceof AlipayError && error.signed && error.subCode === 'ACQ.TRADE_NOT_EXIST')
        return null;
      throw error;
    }
    const status = STATUS[String(answer.trade_status)];
    const amount = yuan(answer.total_amount);
    if (!status || !amount)
      throw new Error(`alipay.trade.query: unreadable trade ${String(answer.trade_status)}`);
    return {
      tradeNo: String(answer.trade_no ?? ''),
      outTradeNo: String(answer.out_trade_no ?? outTradeNo),
      amount,
      status,
      paidAt: status === 'paid' ? fromChinaTime(answer.send_pay_date as string) : null,
    };
  }

  /**
   * Closes a scanned trade not paid. One never scanned does not exist at Alipay (null); its code
   * stays payable until time_expire, and a payment that still comes is notified and credited.
   */
  async closeTrade(outTradeNo: string): Promise<TradeState | null> {
    try {
      await this.call('alipay.trade.close', { out_trade_no: outTradeNo });
    } catch (error) {
      if (!(error instanceof AlipayError && error.signed)) throw error;
      if (error.subCode === 'ACQ.TRADE_NOT_EXIST') return null;
      // Paid meanwhile, or closed already: the query says which.
      if (error.subCode !== 'ACQ.TRADE_STATUS_ERROR') throw error;
    }
    return this.queryTrade(outTradeNo);
  }

  async verifyNotice({ body }: { headers: Record<string, unknown>; body: unknown }) {
    if (!body || typeof body !== 'object') throw new InvalidNotice('not a notification');
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (typeof v !== 'string') throw new InvalidNotice(`${k} is not text`);
      fields[k] = v;
    }
    if (fields.app_id !== this.options.appId) throw new InvalidNotice('another app');
    const text = signingText(fields, ['sign', 'sign_type']);
    if (!fields.sign || !rsa2Verify(text, fields.sign, this.alipayKey))
      throw new InvalidNotice('bad signature');
    const status = STATUS[fields.trade_status ?? ''];
    const amount = yuan(fields.total_amount);
    if (!status || !amount || !fields.out_trade_no)
      throw new InvalidNotice('unreadable notification');
    return {
      notifyId: fields.notify_id ?? '',
      tradeNo: fields.trade_no ?? '',
      outTradeNo: fields.out_trade_no,
      amount,
      status,
      paidAt: status === 'paid' ? fromChinaTime(fields.gmt_payment) : null,
    } satisfies PaymentNotice;
  }

  /**
   * Alipay refunds at once; the same out_request_no again answers success without moving money.
   * Only a signed business refusal (40004) is RefundRefused: anything else may have refunded.
   */
  async refund(input: RefundInput): Promise<RefundResult> {
    let answer: Answer;
    try {
      answer = await this.call('alipay.trade.refund', {
        out_trade_no: input.outTradeNo,
        refund_amount: input.amount,
        out_request_no: input.outRefundNo,
        refund_reason: input.reason,
      });
    } catch (error) {
      if (
        error instanceof AlipayError &&
        error.signed &&
        error.code === '40004' &&
        error.subCode !== 'ACQ.SYSTEM_ERROR'
      )
        throw new RefundRefused(error.subMsg || error.subCode);
      throw error;
    }
    const total = yuan(answer.refund_fee);
    if (!total) throw new Error('alipay.trade.refund: no refund_fee');
    return {
      outRefundNo: input.outRefundNo,
      amount: new Big(input.amount).toFixed(2),
      refundedTotal: total,
    };
  }
}
