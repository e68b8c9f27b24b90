import { and, eq, inArray } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import {
  bulkValue,
  DELISTABLE,
  LISTING_MAX,
  type ListingBulkField,
  type ListingBulkMode,
} from '../../../shared/listing-bulk';
import { message } from '../../../shared/messages';
import { WAITING } from '../../../shared/resources/listing';
import type { Executor } from '../../db/client';
import { goodsVariants } from '../../db/schema/goods';
import { listings } from '../../db/schema/listing';
import { AppError, fieldError } from '../../errors';
import type { JobQueue } from '../../kit/jobs';
import { isParent } from '../../marketplace/marketplace';
import { createFeed } from '../feeds/service';

/** A listing as the goods side names it (a refusal, a question before a delete). */
export interface ListingHolder {
  id: number;
  sellerSku: string;
  marketplace: string;
  site: string;
  listingId: string;
  status: string;
}

/**
 * The merchant's listings (live or once live: every status) of these seller SKUs, on any
 * marketplace and site. A code a listed variant carries has been on the marketplace with it.
 */
export async function listingsOfSkus(
  ex: Executor,
  merchantId: number,
  skus: string[],
): Promise<ListingHolder[]> {
  if (skus.length === 0) return [];
  return ex
    .select({
      id: listings.id,
      sellerSku: listings.sellerSku,
      marketplace: listings.marketplace,
      site: listings.site,
      listingId: listings.listingId,
      status: listings.status,
    })
    .from(listings)
    .where(and(eq(listings.merchantId, merchantId), inArray(listings.sellerSku, skus)))
    .orderBy(listings.id);
}

/**
 * Takes these SKUs' listings off sale, in the caller's transaction: each becomes inactive with no
 * stock, so that no order can be placed on it (the sandbox orders only active listings with
 * stock); one through a seller account is sent a stock of 0 as well, so that the marketplace stops
 * selling it. Returns how many were live (active) before.
 */
export async function delistSkus(
  tx: Executor,
  jobs: JobQueue,
  merchantId: number,
  skus: string[],
): Promise<number> {
  const held = skus.length
    ? await tx
        .select()
        .from(listings)
        .where(and(eq(listings.merchantId, merchantId), inArray(listings.sellerSku, skus)))
        .for('update')
    : [];
  if (held.length === 0) return 0;
  await tx
    .update(listings)
    .set({ status: 'inactive', stock: 0, updatedAt: new Date() })
    .where(
      inArray(
        listings.id,
        held.map((l) => l.id),
      ),
    );
  for (const l of held.filter((x) => x.accountId && x.stock > 0))
    await createFeed(tx, jobs, {
      merchantId,
      kind: 'inventory',
      settingId: null,
      marketplace: l.marketplace,
      site: l.site,
      accountId: l.accountId,
      productType: l.productType,
      items: [
        {
          goodsId: null,
          sellerSku: l.sellerSku,
          title: l.title,
          upc: '',
          images: [],
          bulletPoints: [],
          price: null,
          currency: l.currency,
          stock: 0,
        },
      ],
    });
  return held.filter((l) => l.status === 'active').length;
}

type Listing = typeof listings.$inferSelect;

/**
 * One feed per marketplace, site, seller account and product type (a feed goes to one of each)
 * carrying these listings' new price or stock, in the caller's transaction. Answers the feeds.
 */
async function feedChanges(
  tx: Executor,
  jobs: JobQueue,
  merchantId: number,
  kind: 'price' | 'inventory',
  changes: { listing: Listing; price: string | null; stock: number | null }[],
) {
  const groups = new Map<string, typeof changes>();
  for (const change of changes) {
    const l = change.listing;
    const key = JSON.stringify([l.marketplace, l.site, l.accountId, l.productType]);
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  const made: Awaited<ReturnType<typeof createFeed>>[] = [];
  for (const group of groups.values()) {
    const first = group[0]!.listing;
    made.push(
      await createFeed(tx, jobs, {
        merchantId,
        kind,
        settingId: null,
        marketplace: first.marketplace,
        site: first.site,
        accountId: first.accountId,
        productType: first.productType,
        items: group.map(({ listing: l, price, stock }) => ({
          goodsId: l.goodsId,
          sellerSku: l.sellerSku,
          title: l.title,
          upc: '',
          images: [],
          bulletPoints: [],
          price,
          currency: l.currency,
          stock,
        })),
      }),
    );
  }
  return made;
}

/** Statuses of a listing that follows its goods' stock: on sale, or refused a change. */
const FOLLOWS_STOCK = ['active', 'suppressed'];

/**
 * The goods' stock goes to its listings (库存同步): each listing of these SKUs that is on sale
 * (active, at 0 stock too: one whose stock ran out stays active and sells again once stock is
 * back) or suppressed takes its variant's new stock, in the caller's transaction, and the changes
 * go out as one stock feed per marketplace, site, seller account and product type. A listing
 * taken off sale (下架中 / 已下架) stays off sale: relisting it is the merchant's choice; a
 * family's parent has no stock. Answers the listings changed and their feeds.
 */
export async function syncListingStock(
  tx: Executor,
  jobs: JobQueue,
  merchantId: number,
  stocks: { sellerSku: string; stock: number }[],
) {
  const bySku = new Map(
    stocks.map((s) => [s.sellerSku, Math.min(Math.max(s.stock, 0), LISTING_MAX)]),
  );
  if (bySku.size === 0) return { changed: [], feeds: [] };
  const held = await tx
    .select()
    .from(listings)
    .where(
      and(
        eq(listings.merchantId, merchantId),
        inArray(listings.sellerSku, [...bySku.keys()]),
        inArray(listings.status, FOLLOWS_STOCK as Listing['status'][]),
      ),
    )
    .orderBy(listings.id)
    .for('update');
  const changed = held.filter((l) => !isParent(l) && bySku.get(l.sellerSku) !== l.stock);
  const now = new Date();
  for (const l of changed)
    await tx
      .update(listings)
      .set({ stock: bySku.get(l.sellerSku)!, updatedAt: now })
      .where(eq(listings.id, l.id));
  const feeds = await feedChanges(
    tx,
    jobs,
    merchantId,
    'inventory',
    changed.map((listing) => ({ listing, price: null, stock: bySku.get(listing.sellerSku)! })),
  );
  return { changed, feeds };
}

/** The merchant's listings of these ids, locked for the change; another merchant's: not found. */
export async function chosenListings(tx: Executor, merchantId: number, ids: number[]) {
  const rows = await tx
    .select()
    .from(listings)
    .where(and(eq(listings.merchantId, merchantId), inArray(listings.id, ids)))
    .orderBy(listings.id)
    .for('update');
  return { rows, missing: [...new Set(ids)].length - rows.length };
}

/**
 * Takes these listings off sale (下架) as delistSkus does for a deleted goods' listings: each goes
 * with no stock, and a stock of 0 goes to its marketplace as a stock feed; here every listing
 * (the sandbox's too) waits for the marketplace's answer as `delisting`, and becomes inactive when
 * it takes it (feeds/service.ts). Those off sale or on their way off, and a family's parent, are
 * left alone.
 */
export async function delistListings(
  tx: Executor,
  jobs: JobQueue,
  merchantId: number,
  rows: Listing[],
) {
  // A family's parent is not sold itself: nothing of it to take off sale.
  const delistable = rows.filter(
    (l) => (DELISTABLE as readonly string[]).includes(l.status) && !isParent(l),
  );
  if (delistable.length === 0) return { moved: delistable, feeds: [] };
  await tx
    .update(listings)
    .set({ status: 'delisting', stock: 0, reason: '', reasonDetail: '', updatedAt: new Date() })
    .where(
      inArray(
        listings.id,
        delistable.map((l) => l.id),
      ),
    );
  const feeds = await feedChanges(
    tx,
    jobs,
    merchantId,
    'inventory',
    delistable.map((listing) => ({ listing, price: null, stock: 0 })),
  );
  return { moved: delistable, feeds };
}

/**
 * Puts these listings back on sale (重新上架), each with its goods' stock now: off sale (inactive)
 * ones only, not a family's parent. A listing whose goods is gone (no variant of its SKU), or has
 * no stock, refuses the whole change, naming the SKUs. Each waits as `relisting` while its stock
 * feed is on its way, and is active once the marketplace has taken it (feeds/service.ts).
 */
export async function relistListings(
  tx: Executor,
  jobs: JobQueue,
  merchantId: number,
  rows: Listing[],
) {
  const relistable = rows.filter((l) => l.status === 'inactive' && !isParent(l));
  if (relistable.length === 0) return { moved: relistable, feeds: [] };
  const variants = await tx
    .select({ sellerSku: goodsVariants.sellerSku, stock: goodsVariants.stock })
    .from(goodsVariants)
    .where(
      and(
        eq(goodsVariants.merchantId, merchantId),
        inArray(
          goodsVariants.sellerSku,
          relistable.map((l) => l.sellerSku),
        ),
      ),
    );
  const stockOf = new Map(variants.map((v) => [v.sellerSku, v.stock]));
  const gone = relistable.filter((l) => !stockOf.has(l.sellerSku)).map((l) => l.sellerSku);
  if (gone.length > 0)
    throw new AppError(
      ResultCode.CONFLICT,
      message('listing:errors.relistGone', { skus: gone.slice(0, 10).join('、') }),
    );
  const empty = relistable.filter((l) => !stockOf.get(l.sellerSku)).map((l) => l.sellerSku);
  if (empty.length > 0)
    throw new AppError(
      ResultCode.CONFLICT,
      message('listing:errors.relistNoStock', { skus: empty.slice(0, 10).join('、') }),
    );
  const stock = (l: Listing) => Math.min(stockOf.get(l.sellerSku)!, LISTING_MAX);
  const now = new Date();
  for (const l of relistable)
    await tx
      .update(listings)
      .set({ status: 'relisting', stock: stock(l), reason: '', reasonDetail: '', updatedAt: now })
      .where(eq(listings.id, l.id));
  const feeds = await feedChanges(
    tx,
    jobs,
    merchantId,
    'inventory',
    relistable.map((listing) => ({ listing, price: null, stock: stock(listing) })),
  );
  return { moved: relistable, feeds };
}

/**
 * Changes these listings' price or stock at once (批量改价 / 批量改库存): each new value worked out
 * from its own (shared/listing-bulk.ts), all or none. Those going off sale, and a family's parent,
 * are left alone; a value out of bounds refuses the whole change, naming the SKUs. The new values
 * go out as one price or stock feed per marketplace and site, as a single edit's does (hooks.ts).
 */
export async function bulkEditListings(
  tx: Executor,
  jobs: JobQueue,
  merchantId: number,
  rows: Listing[],
  change: { field: ListingBulkField; mode: ListingBulkMode; value: string },
) {
  // A family's parent has no price or stock of its own.
  const editable = rows.filter((l) => !WAITING.includes(l.status) && !isParent(l));
  const next = editable.map((listing) => ({
    listing,
    value: bulkValue(change, change.field === 'price' ? listing.price : listing.stock),
  }));
  const out = next.filter((n) => n.value === null).map((n) => n.listing.sellerSku);
  if (out.length > 0)
    throw fieldError(
      'value',
      message('listing:errors.outOfRange', {
        skus: out.slice(0, 10).join('、'),
        field: message(`listing:fields.${change.field}`),
      }),
    );
  const changed = next.filter((n) =>
    change.field === 'price' ? n.value !== n.listing.price : n.value !== n.listing.stock,
  );
  const now = new Date();
  for (const { listing, value } of changed)
    await tx
      .update(listings)
      .set(
        change.field === 'price'
          ? { price: String(value), updatedAt: now }
          : { stock: Number(value), updatedAt: now },
      )
      .where(eq(listings.id, listing.id));
  const feeds = await feedChanges(
    tx,
    jobs,
    merchantId,
    change.field === 'price' ? 'price' : 'inventory',
    changed.map(({ listing, value }) => ({
      listing,
      price: change.field === 'price' ? String(value) : null,
      stock: change.field === 'stock' ? Number(value) : null,
    })),
  );
  return { changed, skipped: rows.length - editable.length, feeds };
}
