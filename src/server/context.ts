import type { Config } from './config';
import type { Database } from './db/client';
import type { JobQueue } from './kit/jobs';
import type { Marketplace } from './marketplace/marketplace';
import type { MiniProgramPlatform } from './miniprogram';
import type { AuthService } from './modules/auth/service';
import type { PaymentGateway } from './payment';

/** What every module is given: the database, the configuration and the shared services. */
export interface AppContext {
  db: Database;
  config: Config;
  auth: AuthService;
  /** The job queue: modules register their handlers and add jobs. */
  jobs: JobQueue;
  /** The payment gateway (PAYMENT_GATEWAY; the sandbox by default). */
  payments: PaymentGateway;
  /** The marketplace feeds go to (MARKETPLACE; the sandbox by default). */
  marketplace: Marketplace;
  /** The mini-program platform (MINIPROGRAM_PLATFORM; the sandbox by default). */
  miniProgram: MiniProgramPlatform;
}
