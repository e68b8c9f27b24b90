import { and, eq } from 'drizzle-orm';
import type { AmazonRegion } from '../../../shared/amazon';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { marketplaceAccounts } from '../../db/schema/marketplace-account';
import { AppError, notFound } from '../../errors';
import type { AmazonApp, AmazonClient } from '../../marketplace/amazon/client';
import { AmazonError, amazonErrorOf } from '../../marketplace/amazon/errors';
import { AmazonMarketplace } from '../../marketplace/amazon/marketplace';
import { decryptSecret } from '../pay-manner/secret-box';

/**
 * The merchant's marketplace accounts as the other goods areas use them: the Amazon marketplace
 * of an account (feeds, listings and orders go through it), and the import of its orders, a job
 * that runs again every AMAZON_ORDERS_POLL_MS.
 */

/** The job that imports an account's orders: `{ accountId, once? }`. */
export const ORDERS_IMPORT_JOB = 'marketplace-account.import-orders';

type Account = typeof marketplaceAccounts.$inferSelect;

/** The platform's SP-API application, or null when the server has none configured. */
export function amazonApp(config: Config): AmazonApp | null {
  if (!config.AMAZON_LWA_CLIENT_ID || !config.AMAZON_LWA_CLIENT_SECRET) return null;
  return {
    clientId: config.AMAZON_LWA_CLIENT_ID,
    clientSecret: config.AMAZON_LWA_CLIENT_SECRET,
    lwaEndpoint: config.AMAZON_LWA_ENDPOINT,
    spApiEndpoint: config.AMAZON_SPAPI_ENDPOINT,
  };
}

const notConfigured = () =>
  new AppError(ResultCode.CONFLICT, message('marketplace-account:errors.notConfigured'), 409);

/**
 * The SP-API client of a stored account. The client (with Amazon's SDK, most of a second to load)
 * is loaded when an account is first used, not when the server starts.
 */
export async function clientOf(config: Config, account: Account): Promise<AmazonClient> {
  const app = amazonApp(config);
  if (!app) throw notConfigured();
  const { AmazonClient } = await import('../../marketplace/amazon/client');
  return new AmazonClient(app, {
    region: account.region as AmazonRegion,
    sellerId: account.sellerId,
    refreshToken: decryptSecret(account.refreshTokenEncrypted),
    marketplaceIds: account.marketplaceIds,
  });
}

/** One of the merchant's accounts (any merchant's with `merchantId` null: a job's). */
export async function accountOf(ex: Executor, id: number, merchantId?: number) {
  const [account] = await ex
    .select()
    .from(marketplaceAccounts)
    .where(
      and(
        eq(marketplaceAccounts.id, id),
        merchantId === undefined ? undefined : eq(marketplaceAccounts.merchantId, merchantId),
      ),
    );
  return account;
}

/** The Amazon marketplace of an account: what its feeds, listings and orders go through. */
export async function accountMarketplace(ex: Executor, config: Config, accountId: number) {
  const account = await accountOf(ex, accountId);
  if (!account) throw notFound(message('marketplace-account:noun'));
  return {
    account,
    amazon: new AmazonMarketplace(await clientOf(config, account), config.PUBLIC_URL),
  };
}

/** What Amazon answered a connection check: connected, or failed with its code and words. */
export interface ConnectionCheck {
  status: 'connected' | 'failed';
  code: string;
  amazonMessage: string;
  /** Listings Amazon has of the seller in its marketplaces (on success). */
  listings?: number;
}

/**
 * Asks Amazon with the account's authorization (a token exchange, then a page of the seller's
 * listings in its marketplaces) and keeps what it answered on the account.
 */
export async function checkConnection(
  ex: Executor,
  config: Config,
  merchantId: number,
  id: number,
): Promise<ConnectionCheck> {
  const account = await accountOf(ex, id, merchantId);
  if (!account) throw notFound(message('marketplace-account:noun'));
  let check: ConnectionCheck;
  try {
    const found = await (await clientOf(config, account)).searchListings(1);
    check = {
      status: 'connected',
      code: 'OK',
      amazonMessage: `seller ${account.sellerId}: ${found.numberOfResults} listing(s) in ${account.marketplaceIds.join(', ')}`,
      listings: found.numberOfResults,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const failure = amazonErrorOf(error);
    check = {
      status: 'failed',
      code: failure instanceof AmazonError ? failure.code : 'QuotaExceeded',
      amazonMessage: failure instanceof AmazonError ? failure.amazonMessage : failure.message,
    };
  }
  await ex
    .update(marketplaceAccounts)
    .set({
      status: check.status,
      checkMessage: `${check.code}: ${check.amazonMessage}`.slice(0, 500),
      checkedAt: new Date(),
    })
    .where(eq(marketplaceAccounts.id, account.id));
  return check;
}
