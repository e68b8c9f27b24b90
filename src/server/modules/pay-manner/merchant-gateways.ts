import { and, asc, desc, eq } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { payManners } from '../../db/schema';
import { AppError } from '../../errors';
import type { PaymentGateway } from '../../payment';
import { AlipayGateway } from '../../payment/alipay';
import { decryptSecret } from './secret-box';

const refused = (key: 'notifyBase' | 'notConfigured') =>
  new AppError(ResultCode.CONFLICT, message(`pay-manner:errors.${key}`), 409);

/**
 * The gateway a storefront order's pay manner pays through: the platform's own (PAYMENT_GATEWAY)
 * for the sandbox kind, the merchant's own Alipay app (its pay manner's app id and keys) for
 * Alipay, none for paying at the counter. Built on each call from the stored manner, so a changed
 * key is used at once (reading two keys costs well under a millisecond).
 */
export function merchantGateways({
  db,
  config,
  payments,
}: Pick<AppContext, 'db' | 'config' | 'payments'>) {
  /**
   * The merchant's Alipay manner: an enabled one first. A disabled one still serves the orders
   * already paid through it (refunds, late notifications), never a new checkout; only a checkout
   * needs the address Alipay notifies.
   */
  async function alipayOf(merchantId: number, checkout: boolean) {
    const [manner] = await db
      .select()
      .from(payManners)
      .where(
        and(
          eq(payManners.merchantId, merchantId),
          eq(payManners.kind, 'alipay'),
          ...(checkout ? [eq(payManners.enabled, true)] : []),
        ),
      )
      .orderBy(desc(payManners.enabled), asc(payManners.sortOrder), asc(payManners.id))
      .limit(1);
    if (!manner?.appId || !manner.secretEncrypted || !manner.alipayPublicKey)
      throw refused('notConfigured');
    if (checkout && !config.PAYMENT_NOTIFY_BASE) throw refused('notifyBase');
    return new AlipayGateway({
      appId: manner.appId,
      privateKey: decryptSecret(manner.secretEncrypted),
      alipayPublicKey: manner.alipayPublicKey,
      gatewayUrl: config.ALIPAY_GATEWAY_URL,
      notifyBase: config.PAYMENT_NOTIFY_BASE ?? '',
    });
  }

  async function of(
    merchantId: number,
    kind: string,
    checkout: boolean,
  ): Promise<PaymentGateway | null> {
    if (kind === 'sandbox') return payments;
    if (kind === 'alipay') return alipayOf(merchantId, checkout);
    return null;
  }

  return {
    /**
     * Where a new order paid this way creates its trade (null: paid at the counter); refuses,
     * with a message the customer can read, an Alipay the merchant or the server has not set up.
     */
    forCheckout: (merchantId: number, kind: string) => of(merchantId, kind, true),
    /** Where an order's trade is: to close it, refund it and verify its notifications. */
    forOrder: (merchantId: number, kind: string) => of(merchantId, kind, false),
  };
}

export type MerchantGateways = ReturnType<typeof merchantGateways>;
