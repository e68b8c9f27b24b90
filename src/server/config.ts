import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Cron } from 'croner';
import { z } from 'zod';

function validCron(expression: string): boolean {
  try {
    new Cron(expression, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** postgres://… selects a PostgreSQL server; absent selects the embedded PGlite. */
  DATABASE_URL: z.string().optional(),
  /**
   * Connections to the PostgreSQL server; default twice this machine's cores, at most 10 (see
   * db/client.ts). At least 2: start-up holds one for its lock while migrating on another.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(1000).optional(),
  DATA_DIR: z.string().default('./data'),
  /** The first owner's password on first start; generated and printed when absent. */
  ADMIN_PASSWORD: z.string().optional(),
  SESSION_IDLE_SECONDS: seconds(8 * 3600),
  SESSION_MAX_SECONDS: seconds(7 * 24 * 3600),
  /** Failed sign-ins per account name before each further attempt waits (auth/service.ts). */
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  /** Failed sign-ins allowed per IP within LOGIN_WINDOW_SECONDS (successes do not count). */
  LOGIN_MAX_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_WINDOW_SECONDS: seconds(15 * 60),
  /**
   * How long the open order list's live call waits for news before answering empty (and being
   * asked again): under a proxy that closes idle requests sooner, less.
   */
  LIVE_WAIT_SECONDS: seconds(25),
  /** Requests per minute per IP on the API as a whole. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  /** Where the storefront's verification codes are sent by SMS: the sandbox (default) for now. */
  SMS_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** Verification codes sent per IP address per hour (a number gets 1 a minute and 5 an hour). */
  SHOP_CODES_PER_IP_HOUR: z.coerce.number().int().positive().default(10),
  /** Selling-partner applications from the storefront per IP address per hour. */
  SHOP_APPLICATIONS_PER_IP_HOUR: z.coerce.number().int().positive().default(3),
  /** Unpaid storefront orders, and items in them, one customer (device or phone) may keep open. */
  SHOP_UNPAID_ORDERS_PER_CUSTOMER: z.coerce.number().int().positive().default(3),
  SHOP_UNPAID_UNITS_PER_CUSTOMER: z.coerce.number().int().positive().default(200),
  /** …and all customers at one IP address together (a restaurant's Wi-Fi is one address). */
  SHOP_UNPAID_ORDERS_PER_IP: z.coerce.number().int().positive().default(30),
  SHOP_UNPAID_UNITS_PER_IP: z.coerce.number().int().positive().default(1000),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('dist/web'),
  /** Where uploaded files are kept; default <DATA_DIR>/uploads. */
  UPLOAD_DIR: z.string().optional(),
  /** Largest upload accepted, in bytes (default 5 MiB). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Hours between two sweeps of the uploads no row uses (material/sweep.ts); 0: never. */
  UPLOAD_SWEEP_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  /** Hours an upload no row uses is kept before a sweep removes it. */
  UPLOAD_SWEEP_GRACE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  /** `public` serves GET /metrics to anyone; otherwise it is off unless METRICS_TOKEN is set. */
  METRICS: z.enum(['off', 'public']).default('off'),
  /** With it, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'use at least 16 characters').optional(),
  /** Where files go: `local` (UPLOAD_DIR) or `s3` (an S3-compatible object store). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** The object store's URL, e.g. http://127.0.0.1:9000 for MinIO; absent = AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `true` addresses the bucket as a path (MinIO, most self-hosted stores) instead of a host name. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Embedded database: the server backs itself up on this schedule (cron, e.g. `0 3 * * *` for
   * 03:00 daily; a sixth leading field counts seconds) into BACKUP_DIR, keeping the newest
   * BACKUP_KEEP archives. Off when absent.
   */
  BACKUP_CRON: z
    .string()
    .optional()
    .refine((v) => v === undefined || validCron(v), 'not a cron expression'),
  BACKUP_DIR: z.string().default('./backups'),
  BACKUP_KEEP: z.coerce.number().int().positive().default(7),
  /** Largest size an imported .xlsx may unpack to, in bytes (default 100 MiB): zip bombs. */
  IMPORT_MAX_UNPACKED: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  /**
   * `host:port` pairs (comma-separated, e.g. `127.0.0.1:8080`) the collection box may fetch even
   * though they are private or local addresses: tests and fixture servers. Empty by default.
   */
  COLLECT_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Where listing settings fetch the day's exchange rate: the sandbox's table, or the ECB's file. */
  EXCHANGE_RATE_SOURCE: z.enum(['sandbox', 'ecb']).default('sandbox'),
  /** The ECB's daily euro reference rates (EXCHANGE_RATE_SOURCE=ecb). */
  EXCHANGE_RATE_ECB_URL: z
    .url()
    .default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  /** Hours between two fetches of the day's rates for the settings that fetch theirs; 0: never. */
  EXCHANGE_RATE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  /** `off`: this instance runs no background jobs (others sharing the database do). */
  JOBS: z.enum(['on', 'off']).default('on'),
  /** How often an idle job worker looks for due jobs, in ms. */
  JOB_POLL_MS: z.coerce.number().int().positive().default(1000),
  /** Jobs one instance runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /** A job whose worker gives no news this long (it died) is taken up by another. */
  JOB_LOCK_SECONDS: seconds(60),
  /** The payment gateway's provider: the sandbox (default), Alipay or WeChat Pay (README, Payments). */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'alipay', 'wechat']).default('sandbox'),
  /** The product's app id at the gateway. */
  PAYMENT_APP_ID: z.string().min(1).default('merchant-admin'),
  /** The key notifications are signed with; the sandbox generates one when absent. */
  PAYMENT_KEY: z.string().min(16, 'use at least 16 characters').optional(),
  /** The address the gateway reaches this server at (notify URLs); absent: the sandbox calls in process. */
  PAYMENT_NOTIFY_BASE: z.url().optional(),
  /** Alipay: the app's APPID on the open platform. */
  ALIPAY_APP_ID: z.string().min(1).optional(),
  /** Alipay: the app's private key (PEM, or the key tool's base64); or a file with it. */
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** Alipay: Alipay's public key for the app (PEM, or the console's base64). */
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  /** Alipay's OpenAPI gateway (the sandbox's is https://openapi-sandbox.dl.alipaydev.com/gateway.do). */
  ALIPAY_GATEWAY_URL: z.url().default('https://openapi.alipay.com/gateway.do'),
  /** WeChat Pay: the merchant number (商户号) and the APPID bound to it. */
  WECHATPAY_MCH_ID: z.string().min(1).optional(),
  WECHATPAY_APP_ID: z.string().min(1).optional(),
  /** WeChat Pay: the merchant's API private key (apiclient_key.pem); or a file with it. */
  WECHATPAY_PRIVATE_KEY: z.string().min(1).optional(),
  WECHATPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** WeChat Pay: the serial number of the merchant's API certificate (API证书). */
  WECHATPAY_CERT_SERIAL: z.string().min(1).optional(),
  /** WeChat Pay: the APIv3 key (APIv3密钥), which decrypts notifications. */
  WECHATPAY_API_V3_KEY: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || Buffer.byteLength(v, 'utf8') === 32,
      'exactly 32 characters (the APIv3 key set on pay.weixin.qq.com)',
    ),
  /** WeChat Pay: the WeChat Pay public key (微信支付公钥, PEM or bare base64) and its id. */
  WECHATPAY_PUBLIC_KEY: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().min(1).optional(),
  /** WeChat Pay's API v3 (the backup domain is https://api2.mch.weixin.qq.com). */
  WECHATPAY_BASE_URL: z.url().default('https://api.mch.weixin.qq.com'),
  /** 0…1: how often the sandbox sends a notification twice, or an older one after a newer. */
  PAYMENT_SANDBOX_CHAOS: z.coerce.number().min(0).max(1).default(0.2),
  /**
   * `off`: the sandbox gateway takes no recharges of the balance (a recharge is refused with a
   * message saying so), for an install whose sandbox must not make money out of nothing.
   */
  SANDBOX_RECHARGE: z.enum(['on', 'off']).default('on'),
  /**
   * The key pay manners' secrets are encrypted with (AES-256-GCM): 32 bytes as 64 hex digits or
   * base64. Absent: a development key, with a warning at start-up.
   */
  PAY_SECRET_KEY: z
    .string()
    .optional()
    .refine(
      (v) =>
        v === undefined ||
        /^[0-9a-fA-F]{64}$/.test(v) ||
        (/^[A-Za-z0-9+/]{43}=?$/.test(v) && Buffer.from(v, 'base64').length === 32),
      '32 bytes as 64 hex digits or base64 (openssl rand -hex 32)',
    ),
  /**
   * The address customers reach the storefront at (table QR codes point there), e.g.
   * https://shop.example.com; absent: the address the admin's request came to.
   */
  PUBLIC_URL: z.url().optional(),
  /** The marketplace feeds go to; the sandbox ships (see README, Goods and marketplace). */
  MARKETPLACE: z.enum(['sandbox']).default('sandbox'),
  /** 0…1: how often the sandbox marketplace refuses a whole feed. */
  MARKETPLACE_SANDBOX_CHAOS: z.coerce.number().min(0).max(1).default(0.1),
  /** How long the sandbox marketplace takes over one batch of 25 items, in ms. */
  MARKETPLACE_SANDBOX_BATCH_MS: z.coerce.number().int().min(0).default(1000),
  /** How many batches the sandbox marketplace takes at once. */
  MARKETPLACE_SANDBOX_PARALLEL: z.coerce.number().int().min(1).max(100).default(10),
  /** How long the sandbox marketplace checks a buyer's payment before the order is to ship, in ms. */
  MARKETPLACE_SANDBOX_PAY_MS: z.coerce.number().int().min(0).default(5000),
  /** Orders the sandbox's own buyers place per hour on each merchant's live listings; 0: none. */
  MARKETPLACE_SANDBOX_ORDERS_PER_HOUR: z.coerce.number().min(0).max(3600).default(0),
  /** How long a shipped order takes to reach its sandbox buyer, in ms (the sandbox page delivers at once). */
  MARKETPLACE_SANDBOX_DELIVER_MS: z.coerce.number().int().min(0).default(600_000),
  /** The mini-program platform's provider; the sandbox ships (see README, Mini-program). */
  MINIPROGRAM_PLATFORM: z.enum(['sandbox']).default('sandbox'),
  /** The key the platform signs its callbacks with; the sandbox generates one when absent. */
  MINIPROGRAM_KEY: z.string().min(16, 'use at least 16 characters').optional(),
  /** The address the platform reaches this server at (callbacks); absent: the sandbox calls in process. */
  MINIPROGRAM_NOTIFY_BASE: z.url().optional(),
  /** Sandbox: seconds its first check of a registration takes before asking the legal person. */
  MINIPROGRAM_SANDBOX_CHECK_SECONDS: z.coerce.number().min(0).default(2),
  /** Sandbox: seconds the legal person has to confirm a registration before it fails. */
  MINIPROGRAM_SANDBOX_CONFIRM_SECONDS: z.coerce.number().positive().default(600),
  /**
   * Sandbox: seconds a review (info change, code version) waits for a person on the sandbox's
   * page before its own reviewer decides (approves, or rejects what breaks its rules).
   */
  MINIPROGRAM_SANDBOX_REVIEW_SECONDS: z.coerce.number().positive().default(60),
  /** 0…1: how often the sandbox sends a callback twice. */
  MINIPROGRAM_SANDBOX_CHAOS: z.coerce.number().min(0).max(1).default(0.2),
  /** How often the product asks the platform about an application or review still open. */
  MINIPROGRAM_POLL_SECONDS: z.coerce.number().positive().default(30),
  /** How long the product keeps asking before it gives an open one up as unanswered. */
  MINIPROGRAM_POLL_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .default(7 * 24 * 3600),
  /**
   * The platform's SP-API application (Seller Central → Develop Apps): its Login with Amazon
   * client id and secret. Without them merchants cannot connect Amazon accounts (docs/amazon.md).
   */
  AMAZON_LWA_CLIENT_ID: z.string().min(1).optional(),
  AMAZON_LWA_CLIENT_SECRET: z.string().min(1).optional(),
  /** Login with Amazon's token endpoint (a proxy, or a fake in tests). */
  AMAZON_LWA_ENDPOINT: z.url().default('https://api.amazon.com/auth/o2/token'),
  /** The SP-API's base address for every region; absent: each account's region's own. */
  AMAZON_SPAPI_ENDPOINT: z.url().optional(),
  /** How often a feed Amazon is processing is looked at again, in ms. */
  AMAZON_FEED_POLL_MS: z.coerce.number().int().min(0).default(60_000),
  /** How often each connected account's orders are imported, in ms. */
  AMAZON_ORDERS_POLL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  /** How far back the first import of an account's orders reaches, in days. */
  AMAZON_ORDERS_FIRST_DAYS: z.coerce.number().int().positive().max(730).default(30),
  /** Feie Cloud printers (飞鹅云): the account's user (its sign-in) and UKEY from Feie's console. */
  FEIE_USER: z.string().min(1).optional(),
  FEIE_UKEY: z.string().min(1).optional(),
  /** Feie's open API; default http://api.feieyun.cn/Api/Open/ */
  FEIE_API_URL: z.url().optional(),
  /** Yilianyun printers (易联云): the application's id and secret from its developer console. */
  YILIANYUN_CLIENT_ID: z.string().min(1).optional(),
  YILIANYUN_CLIENT_SECRET: z.string().min(1).optional(),
  /** Yilianyun's open API; default https://open-api.10ss.net */
  YILIANYUN_API_URL: z.url().optional(),
  /**
   * Tests only: `kill-after-credit` makes the process kill itself (SIGKILL) after a payment
   * notification has credited the balance and before it is answered (money-crash.test.ts).
   */
  FAULT_INJECT: z.enum(['kill-after-credit']).optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const c = parsed.data;
  if (c.STORAGE === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (name) => !c[name],
    );
    if (missing.length)
      throw new Error(`Invalid configuration:\n  STORAGE=s3 needs ${missing.join(', ')}`);
  }
  /** The key given inline, or else read from the file named by `<name>_FILE`. */
  const keyOrFile = (name: string, key: string | undefined, file: string | undefined) => {
    if (key || !file) return key;
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(
        `Invalid configuration:\n  ${name}_FILE: cannot read it (${(error as Error).message})`,
      );
    }
  };
  /** Refuses to start when any of `given` is missing, naming all of them. */
  const requireAll = (gateway: string, given: Record<string, string | undefined>) => {
    const missing = Object.entries(given)
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length)
      throw new Error(
        `Invalid configuration:\n  PAYMENT_GATEWAY=${gateway} needs ${missing.join(', ')}`,
      );
  };
  let alipayPrivateKey = c.ALIPAY_PRIVATE_KEY;
  if (c.PAYMENT_GATEWAY === 'alipay') {
    alipayPrivateKey = keyOrFile(
      'ALIPAY_PRIVATE_KEY',
      c.ALIPAY_PRIVATE_KEY,
      c.ALIPAY_PRIVATE_KEY_FILE,
    );
    requireAll('alipay', {
      ALIPAY_APP_ID: c.ALIPAY_APP_ID,
      'ALIPAY_PRIVATE_KEY (or ALIPAY_PRIVATE_KEY_FILE)': alipayPrivateKey,
      ALIPAY_PUBLIC_KEY: c.ALIPAY_PUBLIC_KEY,
      PAYMENT_NOTIFY_BASE: c.PAYMENT_NOTIFY_BASE,
    });
  }
  let wechatPrivateKey = c.WECHATPAY_PRIVATE_KEY;
  if (c.PAYMENT_GATEWAY === 'wechat') {
    wechatPrivateKey = keyOrFile(
      'WECHATPAY_PRIVATE_KEY',
      c.WECHATPAY_PRIVATE_KEY,
      c.WECHATPAY_PRIVATE_KEY_FILE,
    );
    requireAll('wechat', {
      WECHATPAY_MCH_ID: c.WECHATPAY_MCH_ID,
      WECHATPAY_APP_ID: c.WECHATPAY_APP_ID,
      'WECHATPAY_PRIVATE_KEY (or WECHATPAY_PRIVATE_KEY_FILE)': wechatPrivateKey,
      WECHATPAY_CERT_SERIAL: c.WECHATPAY_CERT_SERIAL,
      WECHATPAY_API_V3_KEY: c.WECHATPAY_API_V3_KEY,
      WECHATPAY_PUBLIC_KEY: c.WECHATPAY_PUBLIC_KEY,
      WECHATPAY_PUBLIC_KEY_ID: c.WECHATPAY_PUBLIC_KEY_ID,
      PAYMENT_NOTIFY_BASE: c.PAYMENT_NOTIFY_BASE,
    });
  }
  return {
    ...c,
    ALIPAY_PRIVATE_KEY: alipayPrivateKey,
    WECHATPAY_PRIVATE_KEY: wechatPrivateKey,
    DATA_DIR: path.resolve(c.DATA_DIR),
    UPLOAD_DIR: path.resolve(c.UPLOAD_DIR ?? path.join(c.DATA_DIR, 'uploads')),
    WEB_DIST: path.resolve(c.WEB_DIST),
    BACKUP_DIR: path.resolve(c.BACKUP_DIR),
  };
}
