import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Big from 'big.js';
import { chinaTime, rsa2Sign, rsa2Verify, signingText } from './alipay';

/**
 * Tests only: an Alipay OpenAPI gateway on a random local port, with its own RSA key pair. It
 * checks each request's RSA2 signature with the app's public key, keeps trades in memory as
 * Alipay does (a precreated trade exists once the payer scans its code), answers signed JSON, and
 * "pays" a trade by POSTing a signed notification to its notify_url.
 */

interface FakeTrade {
  outTradeNo: string;
  tradeNo: string;
  amount: string;
  subject: string;
  notifyUrl: string;
  timeExpire: string;
  scanned: boolean;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  paidAt: Date | null;
  refunds: Map<string, string>;
}

type Node = Record<string, unknown>;

const NOT_EXIST = {
  code: '40004',
  msg: 'Business Failed',
  sub_code: 'ACQ.TRADE_NOT_EXIST',
  sub_msg: '交易不存在',
};
const refused = (subCode: string, subMsg: string) => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code: subCode,
  sub_msg: subMsg,
});

export class FakeAlipay {
  readonly trades = new Map<string, FakeTrade>();
  /** Every request's form fields, as received. */
  readonly requests: Record<string, string>[] = [];
  readonly publicKey: KeyObject;
  private readonly privateKey: KeyObject;
  private server: Server | undefined;
  url = '';

  constructor(
    readonly appId: string,
    private readonly appPublicKey: KeyObject,
  ) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.publicKey = pair.publicKey;
    this.privateKey = pair.privateKey;
  }

  /** Alipay's public key as its console shows it: bare base64. */
  get publicKeyBase64(): string {
    return this.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const { key, text } = this.answer(Object.fromEntries(new URLSearchParams(body)));
        res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
        res.end(text ?? `{"${key}":{}}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The payer scans the code: Alipay now has the trade, waiting for payment. */
  scan(outTradeNo: string): FakeTrade {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    if (!trade.scanned) {
      trade.scanned = true;
      trade.tradeNo = `2026${randomBytes(10).toString('hex')}`;
    }
    return trade;
  }

  /** The payer pays: the trade is paid; answers the notification to send. */
  pay(outTradeNo: string): Record<string, string> {
    const trade = this.scan(outTradeNo);
    if (trade.status !== 'WAIT_BUYER_PAY') throw new Error(`trade is ${trade.status}`);
    trade.status = 'TRADE_SUCCESS';
    trade.paidAt = new Date();
    return this.notification(outTradeNo);
  }

  /** A notification of the trade as it stands, signed as Alipay signs (sign_type left out). */
  notification(outTradeNo: string, overrides: Record<string, string> = {}): Record<string, string> {
    const trade = this.trades.get(outTradeNo)!;
    const fields: Record<string, string> = {
      gmt_create: chinaTime(new Date()),
      charset: 'utf-8',
      seller_email: 'shop@example.com',
      subject: trade.subject,
      buyer_id: '2088102177846880',
      invoice_amount: trade.amount,
      notify_id: `2026${randomBytes(12).toString('hex')}`,
      fund_bill_list: `[{"amount":"${trade.amount}","fundChannel":"ALIPAYACCOUNT"}]`,
      notify_type: 'trade_status_sync',
      trade_status: trade.status,
      receipt_amount: trade.amount,
      app_id: this.appId,
      buyer_pay_amount: trade.amount,
      seller_id: '2088102176027680',
      gmt_payment: trade.paidAt ? chinaTime(trade.paidAt) : '',
      notify_time: chinaTime(new Date()),
      version: '1.0',
      out_trade_no: trade.outTradeNo,
      total_amount: trade.amount,
      trade_no: trade.tradeNo,
      auth_app_id: this.appId,
      point_amount: '0.00',
      ...overrides,
    };
    fields.sign = rsa2Sign(signingText(fields, ['sign', 'sign_type']), this.privateKey);
    fields.sign_type = 'RSA2';
    return fields;
  }

  /** POSTs a notification to the trade's notify_url as Alipay does; answers the product's text. */
  async deliver(outTradeNo: string, fields: Record<string, string>): Promise<string> {
    const res = await fetch(this.trades.get(outTradeNo)!.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    });
    return res.text();
  }

  /** One signed answer: the node written with spaces, so only its raw text verifies. */
  private answer(fields: Record<string, string>): { key: string; text: string } {
    this.requests.push(fields);
    const key = `${(fields.method ?? 'unknown').replaceAll('.', '_')}_response`;
    const unsigned = (node: Node) => ({ key, text: JSON.stringify({ [key]: node }) });
    if (fields.app_id !== this.appId)
      return unsigned({
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-app-id',
        sub_msg: '无效的AppID参数',
      });
    if (
      fields.sign_type !== 'RSA2' ||
      !fields.sign ||
      !rsa2Verify(signingText(fields), fields.sign, this.appPublicKey)
    )
      return unsigned({
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    const node = this.handle(fields.method ?? '', JSON.parse(fields.biz_content ?? '{}'), fields);
    const nodeText = JSON.stringify(node, null, 2);
    const sign = rsa2Sign(nodeText, this.privateKey);
    return { key, text: `{"${key}": ${nodeText},\n "sign":"${sign}"}` };
  }

  private handle(method: string, biz: Record<string, string>, fields: Record<string, string>) {
    const ok = { code: '10000', msg: 'Success' };
    const trade = this.trades.get(biz.out_trade_no ?? '');
    switch (method) {
      case 'alipay.trade.precreate': {
        if (!trade)
          this.trades.set(biz.out_trade_no!, {
            outTradeNo: biz.out_trade_no!,
            tradeNo: '',
            amount: biz.total_amount!,
            subject: biz.subject!,
            notifyUrl: fields.notify_url ?? '',
            timeExpire: biz.time_expire ?? '',
            scanned: false,
            status: 'WAIT_BUYER_PAY',
            paidAt: null,
            refunds: new Map(),
          });
        return {
          ...ok,
          out_trade_no: biz.out_trade_no,
          qr_code: `https://qr.alipay.com/bax0${randomBytes(8).toString('hex')}`,
        };
      }
      case 'alipay.trade.query':
        if (!trade?.scanned) return NOT_EXIST;
        return {
          ...ok,
          trade_no: trade.tradeNo,
          out_trade_no: trade.outTradeNo,
          buyer_logon_id: 'buy***@example.com',
          trade_status: trade.status,
          total_amount: trade.amount,
          ...(trade.paidAt ? { send_pay_date: chinaTime(trade.paidAt) } : {}),
        };
      case 'alipay.trade.close':
        if (!trade?.scanned) return NOT_EXIST;
        if (trade.status !== 'WAIT_BUYER_PAY')
          return refused('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        trade.status = 'TRADE_CLOSED';
        return { ...ok, trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo };
      case 'alipay.trade.refund': {
        if (!trade?.scanned) return NOT_EXIST;
        const total = () =>
          [...trade.refunds.values()].reduce((sum, a) => sum.plus(a), new Big(0)).toFixed(2);
        const common = { trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo };
        const requestNo = biz.out_request_no ?? trade.outTradeNo;
        if (trade.refunds.has(requestNo))
          return { ...ok, ...common, fund_change: 'N', refund_fee: total() };
        if (trade.status !== 'TRADE_SUCCESS')
          return refused('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        const amount = new Big(biz.refund_amount ?? '0');
        if (amount.lte(0) || amount.plus(total()).gt(trade.amount))
          return refused('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
        trade.refunds.set(requestNo, amount.toFixed(2));
        if (new Big(total()).eq(trade.amount)) trade.status = 'TRADE_CLOSED';
        return { ...ok, ...common, fund_change: 'Y', refund_fee: total() };
      }
      default:
        return { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' };
    }
  }
}

/**
 * A merchant's Alipay app for the tests (its app id and a fresh key pair), a fake Alipay that
 * knows it, and the app in the two forms the product takes it: a store's pay manner, and the
 * platform's own gateway's environment.
 */
export function fakeAlipayAccount(appId: string) {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const fake = new FakeAlipay(appId, keys.publicKey);
  // As the key tool saves it.
  const privateKeyPem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    fake,
    privateKeyPem,
    /** The body of `/admin/pay-manner/create` for this app. */
    payManner: () => ({
      kind: 'alipay' as const,
      name: '支付宝',
      appId,
      secret: privateKeyPem,
      alipayPublicKey: fake.publicKeyBase64,
    }),
    /** The platform's gateway on this app (read once the fake has started: its address). */
    platformEnv: () => ({
      PAYMENT_GATEWAY: 'alipay',
      ALIPAY_APP_ID: appId,
      ALIPAY_PRIVATE_KEY: privateKeyPem,
      // As the console shows it: bare base64.
      ALIPAY_PUBLIC_KEY: fake.publicKeyBase64,
      ALIPAY_GATEWAY_URL: fake.url,
    }),
  };
}
