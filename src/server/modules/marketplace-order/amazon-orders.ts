import type { Order as AmazonOrder } from '@sp-api-sdk/orders-api-v0';
import Big from 'big.js';
import { and, eq, inArray } from 'drizzle-orm';
import { siteOfMarketplaceId } from '../../../shared/amazon';
import type { AppContext } from '../../context';
import { listings } from '../../db/schema/listing';
import { marketplaceAccounts } from '../../db/schema/marketplace-account';
import { marketplaceOrderItems, marketplaceOrders } from '../../db/schema/marketplace-order';
import { RunAgain } from '../../kit/jobs';
import { asMarketplaceError } from '../../marketplace/amazon/marketplace';
import { FeedRefused, MarketplaceBusy, type OrderUpdate } from '../../marketplace/marketplace';
import { accountMarketplace, accountOf, clientOf } from '../marketplace-account/service';
import { addEvent, ordersOf, receiveOrder } from './service';

/**
 * The import of an Amazon account's orders (the marketplace-account.import-orders job): the
 * orders Amazon changed since the account's cursor (getOrders by LastUpdatedAfter, every page),
 * each new one with its items (getOrderItems) kept once as a marketplace order of the account;
 * one already kept follows Amazon (paid: to ship; cancelled). The cursor moves only when every
 * page is kept, so a run cut short (throttled, down) imports the same orders again, which keeping
 * an order once by its number makes harmless. It runs again every AMAZON_ORDERS_POLL_MS.
 */
export async function importAmazonOrders(
  context: Pick<AppContext, 'db' | 'jobs' | 'config'>,
  accountId: number,
  once = false,
): Promise<unknown> {
  const { db, config } = context;
  const again = once ? undefined : new RunAgain(config.AMAZON_ORDERS_POLL_MS);
  const account = await accountOf(db, accountId);
  if (!account) return { gone: true };
  const client = await clientOf(config, account);
  const since =
    account.ordersCursor ?? new Date(Date.now() - config.AMAZON_ORDERS_FIRST_DAYS * 86_400_000);
  const orders = ordersOf(context);
  let imported = 0;
  let cursor = since;
  try {
    let nextToken: string | undefined;
    do {
      const page = await client.ordersUpdatedSince(since, nextToken);
      for (const order of page.Orders) {
        if (await keepOrder(context, account.merchantId, accountId, order, client, orders))
          imported++;
        const updated = new Date(order.LastUpdateDate);
        if (updated > cursor) cursor = updated;
      }
      if (page.LastUpdatedBefore) cursor = new Date(page.LastUpdatedBefore);
      nextToken = page.NextToken;
    } while (nextToken);
  } catch (error) {
    const failure = asMarketplaceError(error);
    if (failure instanceof MarketplaceBusy) return new RunAgain(failure.delayMs);
    if (!(failure instanceof FeedRefused) || failure.code === 'marketplace-unavailable')
      throw failure;
    // Amazon refused the account (authorization revoked…): it says so, and looks again later.
    await db
      .update(marketplaceAccounts)
      .set({ status: 'failed', checkMessage: failure.detail.slice(0, 500), checkedAt: new Date() })
      .where(eq(marketplaceAccounts.id, accountId));
    return again ?? { refused: failure.code };
  }
  await db
    .update(marketplaceAccounts)
    .set({ ordersCursor: cursor, ordersSyncedAt: new Date() })
    .where(eq(marketplaceAccounts.id, accountId));
  return again ?? { imported };
}

const PLACED = ['Pending', 'Unshipped', 'PartiallyShipped'];

/** Keeps one of Amazon's orders; answers whether it was new. */
async function keepOrder(
  { db, jobs }: Pick<AppContext, 'db' | 'jobs'>,
  merchantId: number,
  accountId: number,
  order: AmazonOrder,
  client: Awaited<ReturnType<typeof clientOf>>,
  orders: ReturnType<typeof ordersOf>,
): Promise<boolean> {
  const site = siteOfMarketplaceId(order.MarketplaceId ?? '');
  if (!site) return false;
  const [known] = await db
    .select()
    .from(marketplaceOrders)
    .where(
      and(
        eq(marketplaceOrders.merchantId, merchantId),
        eq(marketplaceOrders.marketplace, 'amazon'),
        eq(marketplaceOrders.orderNo, order.AmazonOrderId),
      ),
    );
  if (known) {
    if (
      known.status === 'pending' &&
      order.OrderStatus !== 'Pending' &&
      order.OrderStatus !== 'Canceled'
    )
      await orders.paid(known.id);
    if (order.OrderStatus === 'Canceled' && ['pending', 'unshipped'].includes(known.status))
      await db.transaction(async (tx) => {
        await tx
          .update(marketplaceOrders)
          .set({ status: 'cancelled', feesCny: '0', updatedAt: new Date() })
          .where(eq(marketplaceOrders.id, known.id));
        await addEvent(tx, known.id, 'cancelled', 'marketplace', 'Amazon');
      });
    return false;
  }
  // Orders first seen shipped or cancelled were handled elsewhere (Seller Central).
  if (!PLACED.includes(order.OrderStatus)) return false;
  const items = await client.orderItems(order.AmazonOrderId);
  const skus = items.map((item) => item.SellerSKU ?? '').filter(Boolean);
  const live = skus.length
    ? await db
        .select({ id: listings.id, goodsId: listings.goodsId, sellerSku: listings.sellerSku })
        .from(listings)
        .where(
          and(
            eq(listings.merchantId, merchantId),
            eq(listings.marketplace, 'amazon'),
            eq(listings.site, site),
            inArray(listings.sellerSku, skus),
          ),
        )
    : [];
  const currency = order.OrderTotal?.CurrencyCode ?? items[0]?.ItemPrice?.CurrencyCode ?? 'USD';
  const shipping = items.reduce(
    (sum, item) => sum.plus(item.ShippingPrice?.Amount ?? '0'),
    new Big(0),
  );
  await db.transaction(async (tx) =>
    receiveOrder(
      tx,
      {
        merchantId,
        accountId,
        marketplace: 'amazon',
        site,
        orderNo: order.AmazonOrderId,
        buyer: order.BuyerInfo?.BuyerName || order.BuyerInfo?.BuyerEmail || 'Amazon buyer',
        // Without a Restricted Data Token Amazon answers the address's city, region, postal code
        // and country only; the name, street and phone need getOrders called with an RDT
        // (Tokens API createRestrictedDataToken for dataElements ["shippingAddress", "buyerInfo"],
        // which needs the app's Direct-to-Consumer Shipping role): not asked for today.
        shipTo: {
          name: order.ShippingAddress?.Name ?? '',
          phone: order.ShippingAddress?.Phone ?? '',
          address1: order.ShippingAddress?.AddressLine1 ?? '',
          address2: order.ShippingAddress?.AddressLine2 ?? '',
          city: order.ShippingAddress?.City ?? '',
          state: order.ShippingAddress?.StateOrRegion ?? '',
          postalCode: order.ShippingAddress?.PostalCode ?? '',
          country: order.ShippingAddress?.CountryCode ?? '',
        },
        orderedAt: new Date(order.PurchaseDate),
        ...(order.LatestShipDate ? { shipBy: new Date(order.LatestShipDate) } : {}),
        currency,
        shippingAmount: shipping.toFixed(2),
        status: order.OrderStatus === 'Pending' ? 'pending' : 'unshipped',
        lines: items.map((item) => {
          const listing = live.find((l) => l.sellerSku === item.SellerSKU);
          const quantity = Math.max(item.QuantityOrdered, 1);
          return {
            listingId: listing?.id ?? null,
            goodsId: listing?.goodsId ?? null,
            sellerSku: item.SellerSKU ?? item.ASIN,
            title: item.Title ?? item.ASIN,
            quantity,
            unitPrice: new Big(item.ItemPrice?.Amount ?? '0').div(quantity).round(2).toFixed(2),
            remoteItemId: item.OrderItemId,
          };
        }),
      },
      jobs,
    ),
  );
  return true;
}

/**
 * Tells Amazon of a change of an order imported from an account (the update job): a shipment is
 * confirmed with its carrier, tracking number and the order's lines. Throttled, the job waits and
 * goes again; refused for good, the order's timeline says so with Amazon's words; down, the job
 * tries again.
 */
export async function tellAmazon(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  order: typeof marketplaceOrders.$inferSelect,
  update: OrderUpdate,
): Promise<unknown> {
  const lines = await db
    .select({
      remoteItemId: marketplaceOrderItems.remoteItemId,
      quantity: marketplaceOrderItems.quantity,
    })
    .from(marketplaceOrderItems)
    .where(eq(marketplaceOrderItems.orderId, order.id));
  try {
    const { amazon } = await accountMarketplace(db, config, order.accountId!);
    await amazon.updateOrder({ ...order, lines }, update);
  } catch (error) {
    if (error instanceof MarketplaceBusy) return new RunAgain(error.delayMs);
    if (!(error instanceof FeedRefused) || error.code === 'marketplace-unavailable') throw error;
    await addEvent(db, order.id, 'refused', 'marketplace', `${update.kind} · ${error.detail}`);
    return { refused: error.code };
  }
  if (update.kind === 'shipment')
    await addEvent(db, order.id, 'confirmed', 'marketplace', `Amazon ${update.trackingNo}`);
  return { told: update.kind };
}
