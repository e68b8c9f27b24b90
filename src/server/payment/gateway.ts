/**
 * The payment gateway, as the product sees it: one interface, one implementation per provider,
 * chosen by configuration (PAYMENT_GATEWAY): the sandbox (./sandbox.ts, the default), Alipay
 * (./alipay.ts) or WeChat Pay (./wechatpay.ts).
 * Nothing here knows what is being paid for: the cost centre's recharges use it, and the
 * storefront's orders will.
 */

export type TradeStatus = 'pending' | 'paid' | 'closed';

export interface CreateTradeInput {
  /** The product's number for the payment, unique across the product (out_trade_no). */
  outTradeNo: string;
  /** Yuan, a decimal string with two decimals. */
  amount: string;
  /** What the payer sees. */
  subject: string;
  /** The merchant the payment is for (shown to the payer). */
  merchantId: number;
  merchantName: string;
  /** How the payer means to pay (alipay, wechat); a provider may ignore it. */
  method: string;
  /**
   * Where the gateway sends its notifications: an absolute URL, or a path on this server
   * (the sandbox delivers those in process, a real provider gets PAYMENT_NOTIFY_BASE before it).
   */
  notifyUrl: string;
  /** After this the trade can no longer be paid. */
  expiresAt: Date;
}

export interface Trade {
  tradeNo: string;
  outTradeNo: string;
  amount: string;
  status: TradeStatus;
  paidAt: Date | null;
  /** What the QR code holds: the provider's pay address (a path on this server for the sandbox). */
  qrCode: string;
  expiresAt: Date;
}

/**
 * How a trade stands at the gateway, as a query or a close answers it: a provider may not repeat
 * the QR code or the expiry there (Alipay does not).
 */
export type TradeState = Omit<Trade, 'qrCode' | 'expiresAt'>;

/** A notification, verified: the trade as the gateway says it stands. */
export interface PaymentNotice {
  /** The gateway's id of the notification (the same on each retry of it). */
  notifyId: string;
  tradeNo: string;
  outTradeNo: string;
  amount: string;
  status: TradeStatus;
  paidAt: Date | null;
}

export interface PaymentGateway {
  /** The provider's name (stored with each trade). */
  readonly name: string;
  createTrade(input: CreateTradeInput): Promise<Trade>;
  /** The trade as the gateway has it now; null when it does not know it. */
  queryTrade(outTradeNo: string): Promise<TradeState | null>;
  /**
   * Closes a trade that is not paid, so it can no longer be; answers the trade as it then
   * stands (paid, when the payer was quicker).
   */
  closeTrade(outTradeNo: string): Promise<TradeState | null>;
  /**
   * Checks a notification's signature and reads it; throws InvalidNotice when it is not the
   * gateway's. Amount and trade are the product's to compare with its own records.
   */
  verifyNotice(notification: {
    headers: Record<string, unknown>;
    body: unknown;
    /** The body's text as it came: a provider signing the bytes (WeChat Pay) verifies that. */
    rawBody?: string;
  }): Promise<PaymentNotice>;
  /**
   * Gives part or all of a paid trade's money back, at once (as Alipay's refund call does) or
   * accepted for paying back and no longer to be undone (WeChat Pay's PROCESSING). The
   * same `outRefundNo` again answers the refund made the first time; throws RefundRefused when
   * the trade is not paid or the refunds would pass what was paid.
   */
  refund(input: RefundInput): Promise<RefundResult>;
  /** What a notify endpoint answers once it has taken a notification in, so it is not sent again. */
  readonly ack: { contentType: string; body: string };
}

export class InvalidNotice extends Error {}

export interface RefundInput {
  outTradeNo: string;
  /** The product's number for this refund: a retry with it refunds nothing more. */
  outRefundNo: string;
  /** Yuan, a decimal string with two decimals. */
  amount: string;
  reason: string;
}

export interface RefundResult {
  outRefundNo: string;
  amount: string;
  /**
   * Everything refunded of the trade so far, this refund included; null when the provider does
   * not say (WeChat Pay answers each refund alone): the caller's own records then are the total.
   */
  refundedTotal: string | null;
}

/** The gateway said no (the message is its reason). */
export class RefundRefused extends Error {}
