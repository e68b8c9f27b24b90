/** A text message to a mainland mobile number. */
export interface TextMessage {
  phone: string;
  text: string;
}

/**
 * Where the storefront's verification codes go (SMS_PROVIDER): one interface, the sandbox built
 * in and the default (its messages are what the storefront page's "sandbox phone" shows), a real
 * provider (Aliyun SMS, Tencent Cloud SMS) to stand beside it, chosen by configuration.
 */
export interface SmsSender {
  readonly kind: 'sandbox';
  /** Sends the message; throws SmsRefused when the provider will not (a number it refuses). */
  send(message: TextMessage): Promise<void>;
}

/** The provider refused the message: nothing was sent. */
export class SmsRefused extends Error {}
