import { and, asc, desc, eq } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { type Message, message } from '../../../shared/messages';
import { type ConnectedKind, isConnectedKind } from '../../../shared/resources/pay-manner';
import type { AppContext } from '../../context';
import { payManners } from '../../db/schema/pay-manner';
import { AppError } from '../../errors';
import type { PaymentGateway } from '../../payment';
import { AlipayGateway } from '../../payment/alipay';
import { WechatPayGateway } from '../../payment/wechatpay';
import { decryptSecret } from './secret-box';

type Manner = typeof payManners.$inferSelect;

/**
 * The gateway a storefront order's pay manner pays through: the platform's own (PAYMENT_GATEWAY)
 * for the sandbox kind, the merchant's own Alipay app (its pay manner's app id and keys) for
 * Alipay, the merchant's own WeChat Pay merchant account (its mchid, appid and keys) for WeChat
 * Pay, none for paying at the counter. Built on each call from the stored manner, so a changed
 * key is used at once (reading the keys costs well under a millisecond).
 */
export function merchantGateways({
  db,
  config,
  payments,
}: Pick<AppContext, 'db' | 'config' | 'payments'>) {
  const notifyBase = config.PAYMENT_NOTIFY_BASE ?? '';
  /** Each kind's gateway of a stored manner; null when the manner lacks what it reads. */
  const build: Record<ConnectedKind, (manner: Manner) => PaymentGateway | null> = {
    alipay: (manner) =>
      manner.appId && manner.secretEncrypted && manner.alipayPublicKey
        ? new AlipayGateway({
            appId: manner.appId,
            privateKey: decryptSecret(manner.secretEncrypted),
            alipayPublicKey: manner.alipayPublicKey,
            gatewayUrl: config.ALIPAY_GATEWAY_URL,
            notifyBase,
          })
        : null,
    wechat: (manner) =>
      manner.mchId &&
      manner.appId &&
      manner.secretEncrypted &&
      manner.certSerial &&
      manner.apiV3KeyEncrypted &&
      manner.wechatPublicKey &&
      manner.wechatPublicKeyId
        ? new WechatPayGateway({
            mchId: manner.mchId,
            appId: manner.appId,
            privateKey: decryptSecret(manner.secretEncrypted),
            certSerial: manner.certSerial,
            apiV3Key: decryptSecret(manner.apiV3KeyEncrypted),
            publicKey: manner.wechatPublicKey,
            publicKeyId: manner.wechatPublicKeyId,
            baseUrl: config.WECHATPAY_BASE_URL,
            notifyBase,
          })
        : null,
  };

  /**
   * The merchant's manner of that kind: an enabled one first. A disabled one still serves the
   * orders already paid through it (refunds, late notifications), never a new checkout; only a
   * checkout needs the address the provider notifies.
   */
  async function ownOf(merchantId: number, kind: ConnectedKind, checkout: boolean) {
    const [manner] = await db
      .select()
      .from(payManners)
      .where(
        and(
          eq(payManners.merchantId, merchantId),
          eq(payManners.kind, kind),
          ...(checkout ? [eq(payManners.enabled, true)] : []),
        ),
      )
      .orderBy(desc(payManners.enabled), asc(payManners.sortOrder), asc(payManners.id))
      .limit(1);
    const kindText = message(`pay-manner:enums.kind.${kind}`);
    const gateway = manner ? build[kind](manner) : null;
    if (!gateway) throw refused('notConfigured', kindText);
    if (checkout && !config.PAYMENT_NOTIFY_BASE) throw refused('notifyBase', kindText);
    return gateway;
  }

  async function of(
    merchantId: number,
    kind: string,
    checkout: boolean,
  ): Promise<PaymentGateway | null> {
    if (kind === 'sandbox') return payments;
    if (isConnectedKind(kind)) return ownOf(merchantId, kind, checkout);
    return null;
  }

  return {
    /**
     * Where a new order paid this way creates its trade (null: paid at the counter); refuses,
     * with a message the customer can read, a provider the merchant or the server has not set up.
     */
    forCheckout: (merchantId: number, kind: string) => of(merchantId, kind, true),
    /** Where an order's trade is: to close it, refund it and verify its notifications. */
    forOrder: (merchantId: number, kind: string) => of(merchantId, kind, false),
  };
}

const refused = (key: 'notifyBase' | 'notConfigured', kind: Message) =>
  new AppError(ResultCode.CONFLICT, message(`pay-manner:errors.${key}`, { kind }), 409);

export type MerchantGateways = ReturnType<typeof merchantGateways>;
