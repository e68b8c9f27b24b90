import { eq, or, sql } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import { WAITING } from '../../../shared/resources/listing';
import { listings } from '../../db/schema/listing';
import { AppError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { createFeed } from '../feeds/service';

/**
 * Under the default sort a family comes together, as Seller Central shows it: ordered by the
 * family's SKU (a child's parent's, else its own) on its marketplace and site, the parent first,
 * then its children by the default sort. A single is a family of one.
 */
const familyOrder = [
  {
    expression: sql`coalesce(nullif(${listings.parentSku}, ''), ${listings.sellerSku})`,
    kind: 'text',
  },
  { expression: sql`${listings.marketplace}`, kind: 'text' },
  { expression: sql`${listings.site}`, kind: 'text' },
  { expression: sql`(case when ${listings.parentSku} = '' then 0 else 1 end)`, kind: 'integer' },
] as const;

/**
 * A listing's price or stock, changed here, goes to its marketplace as a feed of its own (a price
 * feed, or a stock feed when only the stock changed), queued in the same transaction; the feed's
 * answer brings the listing back to active or suppresses it with the reason. Through a seller
 * account the change goes to Amazon as JSON Patch operations (patchListingsItem). A listing being
 * taken off sale, or put back on sale, is not changed until the marketplace has taken that.
 * Filtered by a family (a parent's seller SKU), the list shows the parent and its children; under
 * the default sort a family's rows come together (familyOrder).
 */
export default {
  grouping: familyOrder,
  // The list shows the price in its currency (no column of its own): the file always carries it.
  export: { always: ['currency'] },
  // A family, by its parent's seller SKU: the parent and its children.
  filters: {
    parentSku: (value) =>
      or(eq(listings.parentSku, String(value)), eq(listings.sellerSku, String(value)))!,
  },
  beforeWrite(values, { before }) {
    if (before && WAITING.includes(String(before.status)))
      throw new AppError(
        ResultCode.CONFLICT,
        message(`listing:errors.${before.status === 'relisting' ? 'relisting' : 'delisting'}`, {
          skus: String(before.sellerSku),
        }),
      );
    return values;
  },
  async afterWrite(row, { request, tx, before }) {
    if (!before) return;
    const priceChanged = String(row.price) !== String(before.price);
    const stockChanged = row.stock !== before.stock;
    if (!priceChanged && !stockChanged) return;
    await createFeed(tx, request.server.jobs, {
      merchantId: row.merchantId as number,
      kind: priceChanged ? 'price' : 'inventory',
      settingId: null,
      marketplace: row.marketplace as 'amazon' | 'walmart' | 'ebay',
      site: String(row.site),
      accountId: (row.accountId as number | null) ?? null,
      productType: String(row.productType ?? ''),
      items: [
        {
          goodsId: (row.goodsId as number | null) ?? null,
          sellerSku: String(row.sellerSku),
          title: String(row.title),
          upc: '',
          images: [],
          bulletPoints: [],
          price: priceChanged ? String(row.price) : null,
          currency: String(row.currency),
          stock: stockChanged ? (row.stock as number) : null,
        },
      ],
    });
  },
} satisfies ResourceHooks;
