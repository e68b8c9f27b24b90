import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { deliverCallback } from '../kit/deliver-callback';
import type { JobQueue } from '../kit/jobs';
import { AlipayGateway } from './alipay';
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox';
import { sandboxPages } from './sandbox-page';
import { WechatPayGateway } from './wechatpay';

export type {
  PaymentGateway,
  PaymentNotice,
  RefundInput,
  RefundResult,
  Trade,
  TradeState,
  TradeStatus,
} from './gateway';
export { InvalidNotice, RefundRefused } from './gateway';

/**
 * The gateway PAYMENT_GATEWAY names, with its pages and job handlers on `app` (Alipay and
 * WeChat Pay have neither: their notifications come to the areas' notify routes from outside). The sandbox
 * delivers a notification for a path of this server in process (through the app's whole request
 * handling, signature check included), and one for an absolute URL over HTTP.
 */
export async function createPaymentGateway(
  app: FastifyInstance,
  { db, jobs, config }: { db: Database; jobs: JobQueue; config: Config },
): Promise<PaymentGateway> {
  if (config.PAYMENT_GATEWAY === 'alipay')
    // loadConfig has refused a configuration without these.
    return new AlipayGateway({
      appId: config.ALIPAY_APP_ID!,
      privateKey: config.ALIPAY_PRIVATE_KEY!,
      alipayPublicKey: config.ALIPAY_PUBLIC_KEY!,
      gatewayUrl: config.ALIPAY_GATEWAY_URL,
      notifyBase: config.PAYMENT_NOTIFY_BASE!,
    });
  if (config.PAYMENT_GATEWAY === 'wechat')
    return new WechatPayGateway({
      mchId: config.WECHATPAY_MCH_ID!,
      appId: config.WECHATPAY_APP_ID!,
      privateKey: config.WECHATPAY_PRIVATE_KEY!,
      certSerial: config.WECHATPAY_CERT_SERIAL!,
      apiV3Key: config.WECHATPAY_API_V3_KEY!,
      publicKey: config.WECHATPAY_PUBLIC_KEY!,
      publicKeyId: config.WECHATPAY_PUBLIC_KEY_ID!,
      baseUrl: config.WECHATPAY_BASE_URL,
      notifyBase: config.PAYMENT_NOTIFY_BASE!,
    });
  const deliver = deliverCallback(app, config.PAYMENT_NOTIFY_BASE);
  const sandbox = new SandboxGateway({
    db,
    jobs,
    appId: config.PAYMENT_APP_ID,
    key: config.PAYMENT_KEY,
    chaos: config.PAYMENT_SANDBOX_CHAOS,
    deliver,
  });
  await sandboxPages(app, sandbox);
  return sandbox;
}
