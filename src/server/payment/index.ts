import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { deliverCallback } from '../kit/deliver-callback';
import type { JobQueue } from '../kit/jobs';
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox';
import { sandboxPages } from './sandbox-page';

export type {
  PaymentGateway,
  PaymentNotice,
  RefundInput,
  RefundResult,
  Trade,
  TradeStatus,
} from './gateway';
export { InvalidNotice, RefundRefused } from './gateway';

/**
 * The gateway PAYMENT_GATEWAY names, with its pages and job handlers on `app`. The sandbox
 * delivers a notification for a path of this server in process (through the app's whole request
 * handling, signature check included), and one for an absolute URL over HTTP.
 */
export async function createPaymentGateway(
  app: FastifyInstance,
  { db, jobs, config }: { db: Database; jobs: JobQueue; config: Config },
): Promise<PaymentGateway> {
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
