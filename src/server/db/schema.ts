import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { AMAZON_REGIONS } from '../../shared/amazon';
import { PAY_METHODS, RECHARGE_STATUSES } from '../../shared/cost-center';
import { CUSTOMER_COUPON_SOURCES } from '../../shared/coupon';
import { FEED_ITEM_STATUSES } from '../../shared/feeds';
import { MARKETPLACES } from '../../shared/marketplace';
import { SETTLEMENT_STATUSES } from '../../shared/marketplace-order';
import { ALWAYS_OPEN } from '../../shared/opening-hours';
import { LEDGER_TYPES } from '../../shared/resources/cost-center';
import {
  COUPON_KINDS,
  COUPON_SCOPES,
  COUPON_STATUSES,
  COUPON_VALIDITIES,
} from '../../shared/resources/coupon';
import {
  EXTENSION_KINDS,
  EXTENSION_STATUSES,
  PROMOTION_SCOPES,
} from '../../shared/resources/extension';
import { COMMISSION_STATUSES } from '../../shared/resources/extension-order';
import { FEED_KINDS, FEED_STATUSES } from '../../shared/resources/feeds';
import { HOUSE_KINDS, HOUSE_LISTING_STATUSES } from '../../shared/resources/house-list';
import { LISTING_STATUSES } from '../../shared/resources/listing';
import { ACCOUNT_MARKETPLACES, ACCOUNT_STATUSES } from '../../shared/resources/marketplace-account';
import { MARKETPLACE_ORDER_STATUSES } from '../../shared/resources/marketplace-order';
import { INFO_STATUSES } from '../../shared/resources/mini-program-info';
import {
  REGISTRATION_KINDS,
  REGISTRATION_STATUSES,
} from '../../shared/resources/mini-program-registration';
import { VERSION_STATUSES } from '../../shared/resources/mini-program-version';
import { NEW_HOUSE_STATUSES, PROPERTY_TYPES } from '../../shared/resources/new-house';
import { PAY_MANNER_KINDS } from '../../shared/resources/pay-manner';
import { PRINTER_BRANDS, PRINTER_PAPERS } from '../../shared/resources/printer';
import { PRODUCT_ORDER_STATUSES, REFUND_STATUSES } from '../../shared/resources/product-order';
import {
  DECORATIONS,
  HOUSE_STATUSES,
  ORIENTATIONS,
} from '../../shared/resources/second-hand-house';
import { PARTNER_LEVELS, PARTNER_STATUSES } from '../../shared/resources/selling-partner';

/** Millisecond timestamps: keyset cursors survive a round trip through a JS Date. */
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
/** Ids of rows of another table (a list of references): none by default. */
const refs = (name: string) =>
  bigint(name, { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`);

export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    name: text('name').notNull(),
    /**
     * The store code: its sub-accounts sign in as `name@code` (account names are unique within a
     * merchant only). Set by the platform operator; random until then.
     */
    code: text('code').notNull().default(sql`substr(md5(random()::text), 1, 8)`),
    /** Yuan, exact. Moves only through ledger entries written in the same transaction. */
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0.00'),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('merchants_code_key').on(sql`lower(${t.code})`)],
);

export const admins = pgTable(
  'admins',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /**
     * The account ID used to sign in: unique within its merchant, and an owner's across the
     * platform (an owner signs in with it alone, a sub-account as `name@code`).
     */
    name: text('name').notNull(),
    realname: text('realname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    /** The merchant's owner may open every route. */
    isOwner: boolean('is_owner').notNull().default(false),
    /** Route names (permission keys) a sub-account may open. */
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    roles: text('roles').array().notNull().default(sql`'{admin}'::text[]`),
    passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admins_merchant_name_key').on(t.merchantId, sql`lower(${t.name})`),
    uniqueIndex('admins_owner_name_key').on(sql`lower(${t.name})`).where(sql`${t.isOwner}`),
    index('admins_merchant_idx').on(t.merchantId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    adminId: ref('admin_id')
      .notNull()
      .references(() => admins.id),
    merchantId: ref('merchant_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    /** Absolute end of life; the idle timeout is applied to last_seen_at. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokeReason: text('revoke_reason'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_admin_idx').on(t.adminId),
  ],
);

/** Sign-in attempts: rate limiting by account name and IP, and the "last sign-in" shown. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    name: text('name').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    adminId: ref('admin_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_name_idx').on(sql`lower(${t.name})`, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    index('login_attempts_admin_idx').on(t.adminId, t.createdAt),
  ],
);

/** Site settings: the row without a merchant is the platform's (shown before sign-in). */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: id(),
    merchantId: ref('merchant_id').references(() => merchants.id),
    websiteName: text('website_name').notNull(),
    logoUrl: text('logo_url').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    address: text('address').notNull().default(''),
    /** ICP filing number shown in the site footer (required for sites hosted in mainland China). */
    icpRecord: text('icp_record').notNull().default(''),
    description: text('description').notNull().default(''),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('site_settings_merchant_key').on(sql`coalesce(${t.merchantId}, 0)`)],
);

export const operationLogs = pgTable(
  'operation_logs',
  {
    id: id(),
    merchantId: ref('merchant_id').notNull(),
    adminId: ref('admin_id'),
    adminName: text('admin_name').notNull(),
    /** `<area>.<verb>`, e.g. `auth.login`, `article.update`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    /** What changed, e.g. `{ "title": ["old", "new"] }`. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('operation_logs_merchant_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc())],
);

/** Articles of the merchant's site; `article_type` 1–10 is the list (and permission) they belong to. */
export const articles = pgTable(
  'articles',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    articleType: smallint('article_type').notNull(),
    title: text('title').notNull(),
    coverUrl: text('cover_url').notNull().default(''),
    summary: text('summary').notNull().default(''),
    /** Sanitized HTML. */
    body: text('body').notNull().default(''),
    author: text('author').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    status: text('status', { enum: ['published', 'draft'] })
      .notNull()
      .default('draft'),
    publishedAt: at('published_at'),
    views: integer('views').notNull().default(0),
    createdBy: ref('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('articles_type_check', sql`${t.articleType} between 1 and 10`),
    // One index per sortable column, led by the scope every list filters on.
    index('articles_list_created_idx').on(t.merchantId, t.articleType, t.createdAt, t.id),
    index('articles_list_published_idx').on(t.merchantId, t.articleType, t.publishedAt, t.id),
    index('articles_list_sort_idx').on(t.merchantId, t.articleType, t.sortOrder, t.id),
    index('articles_list_views_idx').on(t.merchantId, t.articleType, t.views, t.id),
    // The commonest list: one status, newest first (its page and its capped count).
    index('articles_list_status_idx').on(t.merchantId, t.articleType, t.status, t.createdAt, t.id),
  ],
);

/** The merchant's customers (shoppers): who they are and what they have bought. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    gender: text('gender', { enum: ['male', 'female', 'unknown'] })
      .notNull()
      .default('unknown'),
    source: text('source', {
      enum: ['store', 'mini-program', 'wechat', 'referral', 'import', 'other'],
    })
      .notNull()
      .default('store'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    orderCount: integer('order_count').notNull().default(0),
    /** Yuan, exact. */
    totalSpent: numeric('total_spent', { precision: 14, scale: 2 }).notNull().default('0.00'),
    remark: text('remark').notNull().default(''),
    registeredAt: at('registered_at').notNull().defaultNow(),
    lastActiveAt: at('last_active_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('customers_list_registered_idx').on(t.merchantId, t.registeredAt, t.id),
    index('customers_list_active_idx').on(t.merchantId, t.lastActiveAt, t.id),
    index('customers_list_spent_idx').on(t.merchantId, t.totalSpent, t.id),
    index('customers_list_orders_idx').on(t.merchantId, t.orderCount, t.id),
    index('customers_phone_idx').on(t.merchantId, t.phone),
    index('customers_tags_idx').using('gin', t.tags),
  ],
);

/** Help-centre articles the top bar's help link opens (service-help). */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    title: text('title').notNull(),
    /** Sanitized HTML. */
    body: text('body').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('help_articles_merchant_idx').on(t.merchantId, t.sortOrder, t.id)],
);

/** Keyword sets (/goods-keywords): a listing's search terms, within the marketplace's byte limit. */
export const goodsKeywords = pgTable(
  'goods_keywords',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull().default('amazon'),
    site: text('site').notNull().default('US'),
    keywords: text('keywords').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('goods_keywords_list_updated_idx').on(t.merchantId, t.updatedAt, t.id)],
);

/** Goods categories (/goods-category): a tree ordered by hand. */
export const goodsCategories = pgTable(
  'goods_categories',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    parentId: ref('parent_id').references((): AnyPgColumn => goodsCategories.id),
    name: text('name').notNull(),
    marketplaceCategory: text('marketplace_category').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** Place among its siblings, from 0. */
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('goods_categories_tree_idx').on(t.merchantId, t.parentId, t.sortOrder),
    index('goods_categories_list_sort_idx').on(t.merchantId, t.sortOrder, t.id),
  ],
);

/** Goods (/goods-list): what a merchant sells, listed on marketplaces through its variants. */
export const goods = pgTable(
  'goods',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    title: text('title').notNull(),
    categoryId: ref('category_id').references(() => goodsCategories.id),
    brand: text('brand').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    bulletPoints: text('bullet_points').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    keywordsId: ref('keywords_id').references(() => goodsKeywords.id),
    status: text('status', { enum: ['draft', 'ready', 'listed', 'error'] })
      .notNull()
      .default('draft'),
    /** The variant grid's attributes: [{ name: '颜色', values: ['红', '蓝'] }]. */
    attributes: jsonb('attributes')
      .$type<{ name: string; values: string[] }[]>()
      .notNull()
      .default([]),
    // Kept from the variants whenever they are saved: the list reads no variant.
    variantCount: integer('variant_count').notNull().default(0),
    stockTotal: integer('stock_total').notNull().default(0),
    priceMin: numeric('price_min', { precision: 14, scale: 2 }).notNull().default('0'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('goods_list_updated_idx').on(t.merchantId, t.updatedAt, t.id),
    index('goods_category_status_idx').on(t.merchantId, t.categoryId, t.status, t.updatedAt, t.id),
    index('goods_list_stock_idx').on(t.merchantId, t.stockTotal, t.id),
    index('goods_list_price_idx').on(t.merchantId, t.priceMin, t.id),
  ],
);

/** A goods' variants: one sellable combination (红 / M) with its SKU, code, price and stock. */
export const goodsVariants = pgTable(
  'goods_variants',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    goodsId: ref('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    sellerSku: text('seller_sku').notNull(),
    upc: text('upc').notNull().default(''),
    /** Yuan. */
    cost: numeric('cost', { precision: 14, scale: 2 }).notNull().default('0'),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    stock: integer('stock').notNull().default(0),
    /** Grams. */
    weight: integer('weight').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('goods_variants_sku_unique').on(t.merchantId, t.sellerSku),
    index('goods_variants_goods_idx').on(t.goodsId, t.sortOrder),
  ],
);

/** The UPC/EAN pool (/goods-upc): codes the merchant owns, to give its goods' variants. */
export const goodsUpc = pgTable(
  'goods_upc',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['UPC', 'EAN'] }).notNull(),
    status: text('status', { enum: ['unused', 'assigned', 'used'] })
      .notNull()
      .default('unused'),
    source: text('source', { enum: ['manual', 'import', 'purchased'] })
      .notNull()
      .default('manual'),
    remark: text('remark').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_upc_code_key').on(t.merchantId, t.code),
    index('goods_upc_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('goods_upc_status_idx').on(t.merchantId, t.status, t.createdAt, t.id),
  ],
);

/**
 * The item numbers of the UPC codes the platform sells (`069` + the number + the check digit):
 * a sequence, so a number once sold is never sold again, whatever merchants delete from their
 * pools. Migration 0042 starts it past every `069…` code already in any pool.
 */
export const platformUpcItems = pgSequence('platform_upc_item_seq', {
  startWith: 1,
  minValue: 1,
  maxValue: 99_999_999,
  cache: 1,
});

/** The collection box (/collection-box): products read from other shops' pages, to claim as goods. */
export const collectionBox = pgTable(
  'collection_box',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    sourceUrl: text('source_url').notNull(),
    sourceHost: text('source_host').notNull(),
    title: text('title').notNull(),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default(''),
    brand: text('brand').notNull().default(''),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['new', 'claimed', 'ignored'] })
      .notNull()
      .default('new'),
    /** The goods draft a claim made; 0 before (not a foreign key, see the resource). */
    goodsId: bigint('goods_id', { mode: 'number' }).notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A page already in the box is not collected twice.
    uniqueIndex('collection_box_source_key').on(t.merchantId, t.sourceUrl),
    index('collection_box_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('collection_box_status_idx').on(t.merchantId, t.status, t.createdAt, t.id),
  ],
);

/**
 * The merchant's own seller accounts on a marketplace (/marketplace-account): an Amazon account's
 * region, selling partner id, the refresh token of its authorization (AES-256-GCM under
 * PAY_SECRET_KEY, as pay manners' keys: pay-manner/secret-box.ts) and its marketplaces; what
 * Amazon said when last asked, and how far its orders are imported.
 */
export const marketplaceAccounts = pgTable(
  'marketplace_accounts',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    marketplace: text('marketplace', { enum: ACCOUNT_MARKETPLACES }).notNull().default('amazon'),
    region: text('region', { enum: AMAZON_REGIONS }).notNull(),
    sellerId: text('seller_id').notNull(),
    refreshTokenEncrypted: text('refresh_token_encrypted').notNull().default(''),
    marketplaceIds: text('marketplace_ids').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('unchecked'),
    /** Amazon's code and words when last asked (test connection). */
    checkMessage: text('check_message').notNull().default(''),
    checkedAt: at('checked_at'),
    /** The orders import's cursor: orders changed after it are asked for next (LastUpdatedAfter). */
    ordersCursor: at('orders_cursor'),
    ordersSyncedAt: at('orders_synced_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketplace_accounts_seller_unique').on(t.merchantId, t.sellerId),
    index('marketplace_accounts_list_created_idx').on(t.merchantId, t.createdAt, t.id),
  ],
);

/** Listing settings (/goods-setting-list): per marketplace and site, how goods go on sale there. */
export const goodsSettings = pgTable(
  'goods_settings',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull().default('amazon'),
    site: text('site').notNull().default('US'),
    currency: text('currency').notNull().default('USD'),
    /** Yuan for one unit of the currency. */
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 4 }).notNull().default('0'),
    markupPercent: numeric('markup_percent', { precision: 8, scale: 2 }).notNull().default('0'),
    /** Yuan. */
    fixedFee: numeric('fixed_fee', { precision: 14, scale: 2 }).notNull().default('0'),
    endIn99: boolean('end_in_99').notNull().default(false),
    handlingDays: integer('handling_days').notNull().default(2),
    defaultStock: integer('default_stock').notNull().default(0),
    /** The seller account feeds go out through; none: the sandbox. */
    accountId: ref('account_id').references(() => marketplaceAccounts.id),
    /** The marketplace's product type of the goods sent with it (Amazon's PRODUCT, LUGGAGE…). */
    productType: text('product_type').notNull().default('PRODUCT'),
    /** When the exchange rate was last fetched (the daily rate job); null: typed by hand. */
    rateFetchedAt: at('rate_fetched_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_settings_name_unique').on(t.merchantId, t.name),
    index('goods_settings_list_updated_idx').on(t.merchantId, t.updatedAt, t.id),
  ],
);

/**
 * A batch sent to a marketplace (/feeds-list): new products, or a price or stock change, for one
 * listing setting's marketplace and site. A job works through its items (modules/feeds).
 */
export const feeds = pgTable(
  'feeds',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    batchNo: text('batch_no').notNull(),
    kind: text('kind', { enum: FEED_KINDS }).notNull().default('product'),
    settingId: ref('setting_id').references(() => goodsSettings.id, { onDelete: 'set null' }),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    site: text('site').notNull(),
    status: text('status', { enum: FEED_STATUSES }).notNull().default('queued'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Why the marketplace refused the whole feed (an error code), when it did. */
    error: text('error').notNull().default(''),
    /** The feed whose failed items this one sends again. */
    resentFrom: ref('resent_from'),
    /** The seller account it goes through (its setting's or its listing's); none: the sandbox. */
    accountId: ref('account_id').references(() => marketplaceAccounts.id, { onDelete: 'set null' }),
    productType: text('product_type').notNull().default(''),
    /** The marketplace's id of the document being processed now (Amazon's feedId). */
    remoteFeedId: text('remote_feed_id').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('feeds_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('feeds_list_status_idx').on(t.merchantId, t.status, t.createdAt, t.id),
  ],
);

/** One variant in a feed, as sent (price in the listing's currency), and the marketplace's answer. */
export const feedItems = pgTable(
  'feed_items',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    feedId: ref('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    goodsId: ref('goods_id').references(() => goods.id, { onDelete: 'set null' }),
    sellerSku: text('seller_sku').notNull(),
    title: text('title').notNull().default(''),
    upc: text('upc').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    bulletPoints: text('bullet_points').array().notNull().default(sql`'{}'::text[]`),
    price: numeric('price', { precision: 14, scale: 2 }),
    currency: text('currency').notNull().default('USD'),
    stock: integer('stock'),
    status: text('status', { enum: FEED_ITEM_STATUSES }).notNull().default('queued'),
    /** The marketplace's reason for a rejection (an error code). */
    error: text('error').notNull().default(''),
    /** The marketplace's own words about it (Amazon's issues: code and message). */
    detail: text('detail').notNull().default(''),
    brand: text('brand').notNull().default(''),
    /** The goods' description as plain text. */
    description: text('description').notNull().default(''),
    /** A variation family: the parent's seller SKU (a child's), or '' (a parent or a single). */
    parentSku: text('parent_sku').notNull().default(''),
    /** The family's variation theme (SizeColor), on the parent and its children. */
    variationTheme: text('variation_theme').notNull().default(''),
    /** A child's values of the theme's attributes ({ Size: 'M', Color: 'Red' }). */
    variation: jsonb('variation').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [index('feed_items_feed_idx').on(t.feedId, t.status, t.id)],
);

/** A product live on a marketplace (/listing): one per seller SKU, marketplace and site. */
export const listings = pgTable(
  'listings',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    goodsId: ref('goods_id').references(() => goods.id, { onDelete: 'set null' }),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    site: text('site').notNull(),
    sellerSku: text('seller_sku').notNull(),
    /** The marketplace's id of the listing (an ASIN, an item id). */
    listingId: text('listing_id').notNull(),
    title: text('title').notNull().default(''),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('USD'),
    stock: integer('stock').notNull().default(0),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('active'),
    /** Why the marketplace suppressed it (an error code). */
    reason: text('reason').notNull().default(''),
    /** The marketplace's own words about it (Amazon's issues). */
    reasonDetail: text('reason_detail').notNull().default(''),
    /** The seller account it is listed through; none: the sandbox. */
    accountId: ref('account_id').references(() => marketplaceAccounts.id, { onDelete: 'set null' }),
    productType: text('product_type').notNull().default(''),
    /** A variation family: the parent's seller SKU (a child's), or '' (a parent or a single). */
    parentSku: text('parent_sku').notNull().default(''),
    /** The family's variation theme (SizeColor); '' for a single listing. */
    variationTheme: text('variation_theme').notNull().default(''),
    lastSyncAt: at('last_sync_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listings_sku_unique').on(t.merchantId, t.marketplace, t.site, t.sellerSku),
    index('listings_list_updated_idx').on(t.merchantId, t.updatedAt, t.id),
    index('listings_list_status_idx').on(t.merchantId, t.status, t.updatedAt, t.id),
  ],
);

/** The storefront's product categories (/category-one): one level, ordered by hand. */
export const productCategories = pgTable(
  'product_categories',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    icon: text('icon').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('product_categories_list_sort_idx').on(t.merchantId, t.sortOrder, t.id)],
);

/** The storefront's products (/product-list): what the store's customers order. */
export const products = pgTable(
  'products',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    categoryId: ref('category_id').references(() => productCategories.id),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /** Yuan. */
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    originalPrice: numeric('original_price', { precision: 14, scale: 2 }).notNull().default('0'),
    stock: integer('stock').notNull().default(0),
    status: text('status', { enum: ['off', 'on'] })
      .notNull()
      .default('off'),
    salesCount: integer('sales_count').notNull().default(0),
    description: text('description').notNull().default(''),
    /** Spec groups and their options (shared/product-specs.ts). */
    specs: jsonb('specs').notNull().default(sql`'[]'::jsonb`),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('products_list_updated_idx').on(t.merchantId, t.updatedAt, t.id),
    index('products_list_category_idx').on(t.merchantId, t.categoryId, t.status, t.updatedAt, t.id),
    index('products_list_price_idx').on(t.merchantId, t.price, t.id),
    index('products_list_sales_idx').on(t.merchantId, t.salesCount, t.id),
  ],
);

/** The store page's carousel (/carousel): slides in hand-made order, each within its time window. */
export const carousels = pgTable(
  'carousels',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** 1 the store page's top, 2 the mini-program home (CAROUSEL_POSITIONS). */
    position: integer('position').notNull().default(1),
    title: text('title').notNull(),
    image: text('image').notNull().default(''),
    link: text('link').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    startAt: at('start_at'),
    endAt: at('end_at'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('carousels_list_sort_idx').on(t.merchantId, t.position, t.sortOrder, t.id)],
);

/** The storefront's order rules (/order-setting): one row per merchant, enforced by jobs. */
export const orderSettings = pgTable(
  'order_settings',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    unpaidTimeoutMinutes: integer('unpaid_timeout_minutes').notNull().default(15),
    autoCompleteDays: integer('auto_complete_days').notNull().default(7),
    autoPraiseDays: integer('auto_praise_days').notNull().default(7),
    refundWindowDays: integer('refund_window_days').notNull().default(7),
    autoAccept: boolean('auto_accept').notNull().default(false),
    newOrderSound: boolean('new_order_sound').notNull().default(true),
    deliveryEnabled: boolean('delivery_enabled').notNull().default(false),
    deliveryFee: numeric('delivery_fee', { precision: 14, scale: 2 }).notNull().default('0'),
    deliveryMinimum: numeric('delivery_minimum', { precision: 14, scale: 2 })
      .notNull()
      .default('0'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_settings_merchant_key').on(t.merchantId)],
);

/**
 * A number per merchant and list table that every write to the table's rows raises (statement
 * triggers, migration 0007), in the same transaction as the write. A list keeps a count it has
 * made beside the number it read with it, and uses the count again only while the number is
 * unchanged: page turns and repeated calls skip the count, and a count is never stale.
 */
export const listVersions = pgTable(
  'list_versions',
  {
    merchantId: ref('merchant_id').notNull(),
    tableName: text('table_name').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.tableName] })],
);

/**
 * The job queue (kit/jobs.ts): background work on the application database, shared by every
 * instance (claimed with FOR UPDATE SKIP LOCKED). A job is queued until its run_at, running while
 * a worker holds it (until locked_until: a worker that dies lets it go), then done or failed. A
 * merchant's jobs are its screen /job-list (the `job` resource): a failed one is tried again or
 * discarded there.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    /**
     * The merchant whose work it is (its screen /job-list shows it); null for the platform's own
     * (the sandboxes', a sweep over every merchant).
     */
    merchantId: ref('merchant_id').references(() => merchants.id),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** At most one queued or running job of a name holds the same key. */
    dedupeKey: text('dedupe_key'),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: at('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** The first retry's delay; each further one doubles it. */
    backoffMs: integer('backoff_ms').notNull().default(1000),
    lockedBy: text('locked_by'),
    lockedUntil: at('locked_until'),
    progress: jsonb('progress'),
    result: jsonb('result'),
    /** The last attempt's error (kept on a failed job). */
    error: text('error'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt, t.id).where(sql`${t.state} = 'queued'`),
    index('jobs_running_idx').on(t.lockedUntil).where(sql`${t.state} = 'running'`),
    index('jobs_finished_idx').on(t.state, t.finishedAt),
    index('jobs_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    // The dashboard's to-do: the merchant's failed jobs, counted.
    index('jobs_failed_idx').on(t.merchantId).where(sql`${t.state} = 'failed'`),
    uniqueIndex('jobs_dedupe_key')
      .on(t.name, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null and ${t.state} in ('queued', 'running')`),
  ],
);

/**
 * The cost centre's ledger: every move of a merchant's balance, written in the same transaction
 * as the balance (merchants.balance = Σ amount, checked by `npm run money:check`). Amounts are
 * signed yuan: a charge is negative. A reference is used once per type (a recharge credits its
 * order once, a charge of the same reference is the same charge).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 14, scale: 2 }).notNull(),
    /** What it is for: a recharge's order number, a purchase's reference. */
    reference: text('reference').notNull(),
    /** Why, in words (the charge's reason). */
    remark: text('remark').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_reference_key').on(t.merchantId, t.type, t.reference),
    index('ledger_entries_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('ledger_entries_type_idx').on(t.merchantId, t.type, t.createdAt, t.id),
    check('ledger_entries_balance_after_check', sql`${t.balanceAfter} >= 0`),
  ],
);

/** Recharges: created → paid / expired / closed, paid through the payment gateway. */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Our number for it: the gateway's out_trade_no. */
    orderNo: text('order_no').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    method: text('method', { enum: PAY_METHODS }).notNull(),
    status: text('status', { enum: RECHARGE_STATUSES }).notNull().default('created'),
    gateway: text('gateway').notNull(),
    /** The gateway's number for the trade. */
    tradeNo: text('trade_no').notNull().default(''),
    qrCode: text('qr_code').notNull().default(''),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    closedAt: at('closed_at'),
    adminId: ref('admin_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recharge_orders_order_no_key').on(t.orderNo),
    index('recharge_orders_merchant_idx').on(t.merchantId, t.createdAt, t.id),
  ],
);

/**
 * The sandbox payment gateway's own books (payment/sandbox): what a real gateway keeps on its
 * side. Trades by app and out_trade_no, and each app's signing key.
 */
export const paymentSandboxTrades = pgTable(
  'payment_sandbox_trades',
  {
    id: id(),
    tradeNo: text('trade_no').notNull(),
    appId: text('app_id').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    /** The product's merchant the trade is for (shown on the pay page). */
    merchantId: ref('merchant_id').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    subject: text('subject').notNull(),
    method: text('method').notNull(),
    notifyUrl: text('notify_url').notNull(),
    status: text('status', { enum: ['WAIT_BUYER_PAY', 'TRADE_SUCCESS', 'TRADE_CLOSED'] })
      .notNull()
      .default('WAIT_BUYER_PAY'),
    /** Why it closed: declined by the payer, expired, or closed by the product. */
    closeReason: text('close_reason'),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_sandbox_trades_trade_no_key').on(t.tradeNo),
    uniqueIndex('payment_sandbox_trades_out_trade_no_key').on(t.appId, t.outTradeNo),
  ],
);

export const paymentSandboxKeys = pgTable('payment_sandbox_keys', {
  appId: text('app_id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** The store's cloud receipt printers (/printer); `status` is what the brand's adapter reports. */
export const printers = pgTable(
  'printers',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    brand: text('brand', { enum: PRINTER_BRANDS }).notNull().default('sandbox'),
    serial: text('serial').notNull(),
    /** Write-only: the brand's API key for the device. */
    secretKey: text('secret_key').notNull().default(''),
    copies: integer('copies').notNull().default(1),
    paper: text('paper', { enum: PRINTER_PAPERS }).notNull().default('58'),
    autoPrint: boolean('auto_print').notNull().default(true),
    status: text('status', { enum: ['online', 'offline'] })
      .notNull()
      .default('offline'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('printers_serial_unique').on(t.merchantId, t.serial),
    index('printers_list_created_idx').on(t.merchantId, t.createdAt, t.id),
  ],
);

/**
 * The print log: every receipt sent to a printer, with its text exactly as printed (the job
 * queue prints it: waiting while the printer is offline, then printed or failed).
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    printerId: ref('printer_id')
      .notNull()
      .references(() => printers.id, { onDelete: 'cascade' }),
    /** The storefront order it is for (none for a test page). */
    orderId: ref('order_id'),
    source: text('source', { enum: ['test', 'order'] }).notNull(),
    content: text('content').notNull(),
    copies: integer('copies').notNull().default(1),
    status: text('status', { enum: ['waiting', 'printed', 'failed'] })
      .notNull()
      .default('waiting'),
    error: text('error').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    printedAt: at('printed_at'),
  },
  (t) => [index('print_jobs_printer_idx').on(t.merchantId, t.printerId, t.createdAt, t.id)],
);

/** The sandbox printer's own paper roll (printer/sandbox.ts): what a real device would print. */
export const printerSandboxReceipts = pgTable(
  'printer_sandbox_receipts',
  {
    id: id(),
    merchantId: ref('merchant_id').notNull(),
    serial: text('serial').notNull(),
    /** The print job it came from: a job is printed once, however often it is tried. */
    printJobId: ref('print_job_id').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('printer_sandbox_receipts_job_key').on(t.printJobId)],
);

/** The ways the storefront's customers may pay (/pay-manner), in drag order. */
export const payManners = pgTable(
  'pay_manners',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    kind: text('kind', { enum: PAY_MANNER_KINDS }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    mchId: text('mch_id').notNull().default(''),
    appId: text('app_id').notNull().default(''),
    /** The provider's secret key, AES-256-GCM under PAY_SECRET_KEY (pay-manner/secret-box.ts). */
    secretEncrypted: text('secret_encrypted').notNull().default(''),
    /** Alipay's public key for the merchant's app (not secret: it checks Alipay's signatures). */
    alipayPublicKey: text('alipay_public_key').notNull().default(''),
    /** WeChat Pay: the serial number of the merchant's API certificate (`secret` is its key). */
    certSerial: text('cert_serial').notNull().default(''),
    /** WeChat Pay's APIv3 key, encrypted as `secretEncrypted` is. */
    apiV3KeyEncrypted: text('api_v3_key_encrypted').notNull().default(''),
    /** The WeChat Pay public key and its id (PUB_KEY_ID_…): they check WeChat Pay's signatures. */
    wechatPublicKey: text('wechat_public_key').notNull().default(''),
    wechatPublicKeyId: text('wechat_public_key_id').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('pay_manners_list_sort_idx').on(t.merchantId, t.sortOrder, t.id)],
);

/** The dining tables (/table-number), each with a QR code to the storefront for that table. */
export const tableNumbers = pgTable(
  'table_numbers',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    area: text('area').notNull().default(''),
    name: text('name').notNull(),
    seats: integer('seats').notNull().default(4),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('table_numbers_name_unique').on(t.merchantId, t.name),
    index('table_numbers_list_area_idx').on(t.merchantId, t.area, t.id),
    index('table_numbers_list_name_idx').on(t.merchantId, t.name, t.id),
    index('table_numbers_list_created_idx').on(t.merchantId, t.createdAt, t.id),
  ],
);

export const paymentSandboxRefunds = pgTable(
  'payment_sandbox_refunds',
  {
    id: id(),
    appId: text('app_id').notNull(),
    tradeNo: text('trade_no').notNull(),
    outRefundNo: text('out_refund_no').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_sandbox_refunds_out_refund_no_key').on(t.appId, t.outRefundNo),
    index('payment_sandbox_refunds_trade_idx').on(t.tradeNo),
  ],
);

/** The storefront's orders (shared/resources/product-order.ts). */
export const productOrders = pgTable(
  'product_orders',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    orderNo: text('order_no').notNull(),
    status: text('status', { enum: PRODUCT_ORDER_STATUSES }).notNull().default('unpaid'),
    mode: text('mode', { enum: ['dineIn', 'pickup', 'delivery'] })
      .notNull()
      .default('dineIn'),
    tableId: ref('table_id'),
    tableName: text('table_name').notNull().default(''),
    address: text('address').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    /** A delivered order's fee, part of its total. */
    deliveryFee: numeric('delivery_fee', { precision: 14, scale: 2 }).notNull().default('0'),
    /** SHA-256 of the storefront's customer token: who may follow, refund and rate the order. */
    customerKey: text('customer_key').notNull(),
    /** The phone the customer had verified when placing it ('' for none): campaign limits count it. */
    buyerPhone: text('buyer_phone').notNull().default(''),
    /** The address it was placed from: what one address may leave unpaid is limited. */
    clientIp: text('client_ip').notNull().default(''),
    /**
     * Whether its items were taken from stock: when it is paid (orders placed before migration
     * 0045 took them when placed, and give them back when cancelled).
     */
    stockTaken: boolean('stock_taken').notNull().default(false),
    payManner: text('pay_manner', { enum: PAY_MANNER_KINDS }).notNull(),
    itemsSummary: text('items_summary').notNull(),
    itemCount: integer('item_count').notNull(),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull(),
    refundedAmount: numeric('refunded_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }).notNull().default('none'),
    /** What the customer asked back, while a request waits; 0 otherwise. */
    refundRequested: numeric('refund_requested', { precision: 14, scale: 2 })
      .notNull()
      .default('0'),
    refundReason: text('refund_reason').notNull().default(''),
    remark: text('remark').notNull().default(''),
    tradeNo: text('trade_no').notNull().default(''),
    payUrl: text('pay_url'),
    expiresAt: at('expires_at').notNull(),
    /** When the gateway says the customer paid. */
    paidAt: at('paid_at'),
    /**
     * When this server recorded the payment: the open list's live feed follows it, since the
     * gateway's notices may come late and out of order.
     */
    paidRecordedAt: at('paid_recorded_at'),
    acceptedAt: at('accepted_at'),
    completedAt: at('completed_at'),
    cancelledAt: at('cancelled_at'),
    evaluated: boolean('evaluated').notNull().default(false),
    /** The campaign checkout applied (its name as it was), and what it took off the goods. */
    extensionId: ref('extension_id'),
    extensionName: text('extension_name').notNull().default(''),
    discountAmount: numeric('discount_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The customer's coupon checkout used (its name as it was), and what it took off the goods. */
    couponId: ref('coupon_id'),
    couponName: text('coupon_name').notNull().default(''),
    couponDiscount: numeric('coupon_discount', { precision: 14, scale: 2 }).notNull().default('0'),
    /**
     * The selling partner whose invite brought the order (its name and rate as they were); the
     * commission now due (less after a refund) and what of it was paid out in settlements.
     */
    partnerId: ref('partner_id'),
    partnerName: text('partner_name').notNull().default(''),
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    commission: numeric('commission', { precision: 14, scale: 2 }).notNull().default('0'),
    commissionSettled: numeric('commission_settled', { precision: 14, scale: 2 })
      .notNull()
      .default('0'),
    commissionStatus: text('commission_status', { enum: COMMISSION_STATUSES })
      .notNull()
      .default('none'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_orders_order_no_key').on(t.orderNo),
    index('product_orders_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('product_orders_list_status_idx').on(t.merchantId, t.status, t.createdAt, t.id),
    index('product_orders_list_total_idx').on(t.merchantId, t.totalAmount, t.id),
    index('product_orders_paid_idx').on(t.merchantId, t.paidAt),
    index('product_orders_paid_recorded_idx').on(t.merchantId, t.paidRecordedAt),
    index('product_orders_extension_idx').on(t.extensionId, t.customerKey),
    index('product_orders_extension_buyer_idx').on(t.extensionId, t.buyerPhone),
    // A storefront's unpaid orders, by customer, by phone and by address (the unpaid limits).
    index('product_orders_unpaid_customer_idx')
      .on(t.merchantId, t.customerKey)
      .where(sql`${t.status} = 'unpaid'`),
    index('product_orders_unpaid_buyer_idx')
      .on(t.merchantId, t.buyerPhone)
      .where(sql`${t.status} = 'unpaid'`),
    index('product_orders_unpaid_ip_idx')
      .on(t.merchantId, t.clientIp)
      .where(sql`${t.status} = 'unpaid'`),
    index('product_orders_partner_idx').on(t.partnerId, t.paidAt),
  ],
);

/** What an order sold, as it was sold (name, specs and price then). */
export const productOrderItems = pgTable(
  'product_order_items',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => productOrders.id),
    productId: ref('product_id').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    specs: jsonb('specs').notNull().default(sql`'{}'::jsonb`),
    specsLabel: text('specs_label').notNull().default(''),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    quantity: integer('quantity').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index('product_order_items_order_idx').on(t.orderId)],
);

/** An order's timeline: each change, who made it and when. */
export const productOrderEvents = pgTable(
  'product_order_events',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => productOrders.id),
    type: text('type').notNull(),
    /** customer, merchant (the account's name), gateway or system. */
    actor: text('actor').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('product_order_events_order_idx').on(t.orderId, t.id)],
);

/** Customers' ratings of their orders, and the merchant's replies. */
export const evaluations = pgTable(
  'evaluations',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    orderId: ref('order_id')
      .notNull()
      .references(() => productOrders.id),
    orderNo: text('order_no').notNull(),
    itemsSummary: text('items_summary').notNull().default(''),
    rating: integer('rating').notNull(),
    content: text('content').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    reply: text('reply').notNull().default(''),
    repliedAt: at('replied_at'),
    visible: boolean('visible').notNull().default(true),
    /** Given by the auto-praise job, not the customer. */
    auto: boolean('auto').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('evaluations_order_key').on(t.orderId),
    index('evaluations_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('evaluations_list_rating_idx').on(t.merchantId, t.rating, t.id),
  ],
);

/**
 * The photos a customer uploaded for the evaluation of an order: a handful per order
 * (EVALUATION_PHOTOS_MAX), each a row before its file is written; the evaluation that shows it
 * once sent (the others are let go then). A row goes with its evaluation or order, and the upload
 * sweep (material/sweep.ts) removes the files no row holds.
 */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    orderId: ref('order_id')
      .notNull()
      .references(() => productOrders.id, { onDelete: 'cascade' }),
    evaluationId: ref('evaluation_id').references(() => evaluations.id, { onDelete: 'cascade' }),
    /** `/uploads/<merchant>/<month>/<name>` */
    url: text('url').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_photos_url_key').on(t.url),
    index('review_photos_order_idx').on(t.orderId),
    index('review_photos_evaluation_idx').on(t.evaluationId),
  ],
);

/** The store as its customers see it (/detail): one row per merchant. */
export const storeDetails = pgTable(
  'store_details',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull().default(''),
    logo: text('logo').notNull().default(''),
    status: text('status', { enum: ['open', 'paused', 'closed'] })
      .notNull()
      .default('open'),
    notice: text('notice').notNull().default(''),
    intro: text('intro').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    latitude: numeric('latitude', { precision: 10, scale: 6 }).notNull().default('0'),
    longitude: numeric('longitude', { precision: 10, scale: 6 }).notNull().default('0'),
    /** Weekly ranges and dated exceptions (shared/opening-hours.ts). */
    hours: jsonb('hours').notNull().default(ALWAYS_OPEN),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_details_merchant_key').on(t.merchantId)],
);

/** The material library (/material): every image the merchant uploaded. */
export const materials = pgTable(
  'materials',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    url: text('url').notNull(),
    name: text('name').notNull(),
    folder: text('folder').notNull().default(''),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('materials_url_key').on(t.merchantId, t.url),
    index('materials_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('materials_list_folder_idx').on(t.merchantId, t.folder, t.id),
    index('materials_list_size_idx').on(t.merchantId, t.size, t.id),
  ],
);

/**
 * Promotion's campaigns (/extension-list): what checkout takes off, when, for whom and up to what
 * budget. Its figures are read from the orders that applied it.
 */
export const extensions = pgTable(
  'extensions',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    kind: text('kind', { enum: EXTENSION_KINDS }).notNull().default('amountOff'),
    threshold: numeric('threshold', { precision: 14, scale: 2 }).notNull().default('0'),
    value: numeric('value', { precision: 14, scale: 2 }).notNull().default('0'),
    scope: text('scope', { enum: PROMOTION_SCOPES }).notNull().default('all'),
    categoryIds: refs('category_ids'),
    productIds: refs('product_ids'),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    perCustomerLimit: integer('per_customer_limit').notNull().default(0),
    budget: numeric('budget', { precision: 14, scale: 2 }).notNull().default('0'),
    status: text('status', { enum: EXTENSION_STATUSES }).notNull().default('draft'),
    /**
     * When the paid orders' discounts reached its budget, which ended it; cleared when a refund
     * gives budget back and it runs again.
     */
    spentAt: at('spent_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('extensions_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('extensions_list_start_idx').on(t.merchantId, t.startAt, t.id),
  ],
);

/**
 * Coupon templates (/coupon-list): an offer issued to customers or claimed by them, up to a total
 * and a per-customer limit (`issued_count` moves under the row's lock).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    kind: text('kind', { enum: COUPON_KINDS }).notNull().default('amountOff'),
    threshold: numeric('threshold', { precision: 14, scale: 2 }).notNull().default('0'),
    value: numeric('value', { precision: 14, scale: 2 }).notNull().default('0'),
    scope: text('scope', { enum: COUPON_SCOPES }).notNull().default('all'),
    categoryIds: refs('category_ids'),
    productIds: refs('product_ids'),
    validity: text('validity', { enum: COUPON_VALIDITIES }).notNull().default('fixed'),
    startAt: at('start_at'),
    endAt: at('end_at'),
    validDays: integer('valid_days').notNull().default(0),
    totalQuantity: integer('total_quantity').notNull().default(1),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    stackable: boolean('stackable').notNull().default(false),
    claimable: boolean('claimable').notNull().default(true),
    status: text('status', { enum: COUPON_STATUSES }).notNull().default('draft'),
    issuedCount: integer('issued_count').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('coupons_list_created_idx').on(t.merchantId, t.createdAt, t.id)],
);

/**
 * A coupon a customer holds: given by the merchant (to a customer of /client-list) or claimed in
 * the storefront (by the customer's token, kept as its key); unused, or used by one order.
 * Expired is derived from `valid_until`.
 */
export const customerCoupons = pgTable(
  'customer_coupons',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    couponId: ref('coupon_id')
      .notNull()
      .references(() => coupons.id),
    /** The /client-list customer it was given to (no key: a deleted customer leaves its name). */
    customerId: ref('customer_id'),
    /** SHA-256 of the storefront customer's token (product_orders.customer_key); null until known. */
    customerKey: text('customer_key'),
    customerName: text('customer_name').notNull().default(''),
    /**
     * An issued coupon's redeem code: the merchant sends it to the customer, who enters it in the
     * storefront to hold the coupon there (it then gets the customer's key). Empty when claimed.
     */
    code: text('code').notNull().default(''),
    source: text('source', { enum: CUSTOMER_COUPON_SOURCES }).notNull(),
    status: text('status', { enum: ['unused', 'used'] })
      .notNull()
      .default('unused'),
    validFrom: at('valid_from').notNull(),
    validUntil: at('valid_until').notNull(),
    orderId: ref('order_id'),
    orderNo: text('order_no').notNull().default(''),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('customer_coupons_coupon_idx').on(t.couponId, t.createdAt),
    index('customer_coupons_customer_key_idx').on(t.merchantId, t.customerKey),
    index('customer_coupons_customer_idx').on(t.couponId, t.customerId),
    index('customer_coupons_code_idx').on(t.merchantId, t.code),
  ],
);

/** Selling partners (/selling-partner-list): who shares the store's invite link, and earns on it. */
export const sellingPartners = pgTable(
  'selling_partners',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    level: text('level', { enum: PARTNER_LEVELS }).notNull().default('bronze'),
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    inviteCode: text('invite_code').notNull(),
    status: text('status', { enum: PARTNER_STATUSES }).notNull().default('pending'),
    remark: text('remark').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('selling_partners_invite_code_unique').on(t.merchantId, t.inviteCode),
    uniqueIndex('selling_partners_phone_unique').on(t.merchantId, t.phone),
    index('selling_partners_list_created_idx').on(t.merchantId, t.createdAt, t.id),
  ],
);

/**
 * A settlement of a partner's commission: what was paid out (or taken back, when negative) for
 * its orders paid up to `until`. Written once, never changed: a later refund is taken back by the
 * next settlement.
 */
export const partnerSettlements = pgTable(
  'partner_settlements',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    partnerId: ref('partner_id')
      .notNull()
      .references(() => sellingPartners.id),
    until: at('until').notNull(),
    orderCount: integer('order_count').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    operator: text('operator').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('partner_settlements_partner_idx').on(t.merchantId, t.partnerId, t.id)],
);

/** The agency's brokers (/broker). */
export const brokers = pgTable(
  'brokers',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    avatar: text('avatar').notNull().default(''),
    agency: text('agency').notNull().default(''),
    licenceNo: text('licence_no').notNull().default(''),
    serviceAreas: text('service_areas').array().notNull().default(sql`'{}'::text[]`),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('brokers_phone_unique').on(t.merchantId, t.phone),
    index('brokers_list_created_idx').on(t.merchantId, t.createdAt, t.id),
  ],
);

/** Resale listings (/second-hand-house): the unit price derived from the total and the area. */
export const secondHandHouses = pgTable(
  'second_hand_houses',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    title: text('title').notNull(),
    community: text('community').notNull(),
    district: text('district').notNull(),
    address: text('address').notNull().default(''),
    building: text('building').notNull().default(''),
    unit: text('unit').notNull().default(''),
    rooms: integer('rooms').notNull().default(2),
    halls: integer('halls').notNull().default(1),
    baths: integer('baths').notNull().default(1),
    area: numeric('area', { precision: 10, scale: 2 }).notNull(),
    floor: integer('floor').notNull().default(1),
    totalFloors: integer('total_floors').notNull().default(6),
    orientation: text('orientation', { enum: ORIENTATIONS }).notNull().default('south'),
    decoration: text('decoration', { enum: DECORATIONS }).notNull().default('simple'),
    buildYear: integer('build_year').notNull().default(2010),
    /** 万元 (10,000 yuan), as listings are priced. */
    totalPrice: numeric('total_price', { precision: 12, scale: 2 }).notNull(),
    /** Yuan per m²: totalPrice × 10,000 / area, written with every change of either. */
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull().default('0'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    brokerId: ref('broker_id').references(() => brokers.id),
    status: text('status', { enum: HOUSE_STATUSES }).notNull().default('onSale'),
    statusAt: at('status_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // With the range-filtered columns INCLUDEd (migration 0025), as house_listings' are.
    index('second_hand_houses_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('second_hand_houses_list_price_idx').on(t.merchantId, t.totalPrice, t.id),
    index('second_hand_houses_list_unit_price_idx').on(t.merchantId, t.unitPrice, t.id),
    index('second_hand_houses_list_area_idx').on(t.merchantId, t.area, t.id),
    index('second_hand_houses_broker_idx').on(t.brokerId, t.status),
  ],
);

/** New-house projects (/new-house). */
export const newHouses = pgTable(
  'new_houses',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    developer: text('developer').notNull().default(''),
    district: text('district').notNull(),
    address: text('address').notNull().default(''),
    propertyType: text('property_type', { enum: PROPERTY_TYPES }).notNull().default('residential'),
    priceMin: numeric('price_min', { precision: 14, scale: 2 }).notNull().default('0'),
    priceMax: numeric('price_max', { precision: 14, scale: 2 }).notNull().default('0'),
    openingDate: at('opening_date'),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** Layout, area, price from and floor plan of each (shared/house.ts unitTypes). */
    unitTypes: jsonb('unit_types').notNull().default([]),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: NEW_HOUSE_STATUSES }).notNull().default('upcoming'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('new_houses_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('new_houses_list_price_idx').on(t.merchantId, t.priceMin, t.id),
  ],
);

/**
 * /house-list: every listing of both kinds in one search, kept by triggers on second_hand_houses
 * and new_houses (migration 0026), so that no write, transition or import is left out. A new
 * house has no total, area or rooms; its unit price is its lowest.
 */
export const houseListings = pgTable(
  'house_listings',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    kind: text('kind', { enum: HOUSE_KINDS }).notNull(),
    sourceId: ref('source_id').notNull(),
    title: text('title').notNull(),
    district: text('district').notNull(),
    community: text('community').notNull().default(''),
    totalPrice: numeric('total_price', { precision: 12, scale: 2 }),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }),
    area: numeric('area', { precision: 10, scale: 2 }),
    rooms: integer('rooms'),
    status: text('status', { enum: HOUSE_LISTING_STATUSES }).notNull(),
    brokerId: ref('broker_id'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('house_listings_source_key').on(t.kind, t.sourceId),
    // The sort indexes also hold the range-filtered columns (INCLUDE, written in migration 0026:
    // drizzle cannot say it), so a filtered page is found in the index (kit/list.ts idsFirst).
    index('house_listings_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('house_listings_list_price_idx').on(t.merchantId, t.totalPrice, t.id),
    index('house_listings_list_unit_price_idx').on(t.merchantId, t.unitPrice, t.id),
    index('house_listings_list_area_idx').on(t.merchantId, t.area, t.id),
  ],
);

/**
 * What buyers bought on the merchant's listings (/orders-list), as the marketplace sent each order:
 * amounts in its currency and in yuan at the rate of its day. The figures of /transaction_overview
 * and /order-data-top are kept from it by triggers (migration 0028), never by a scan per request.
 */
export const marketplaceOrders = pgTable(
  'marketplace_orders',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The marketplace's number of the order (111-1234567-1234567). */
    orderNo: text('order_no').notNull(),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    site: text('site').notNull(),
    buyer: text('buyer').notNull(),
    itemsSummary: text('items_summary').notNull().default(''),
    /** The seller SKUs of its lines (the list filters them in marketplace_order_skus). */
    skus: text('skus').array().notNull().default(sql`'{}'::text[]`),
    units: integer('units').notNull(),
    currency: text('currency').notNull(),
    goodsAmount: numeric('goods_amount', { precision: 14, scale: 2 }).notNull(),
    shippingAmount: numeric('shipping_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull(),
    /** Yuan for one unit of the currency on the order's day. */
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 4 }).notNull(),
    totalCny: numeric('total_cny', { precision: 14, scale: 2 }).notNull(),
    feesCny: numeric('fees_cny', { precision: 14, scale: 2 }).notNull(),
    /** What went back to the buyer, in the currency and in yuan. */
    refundAmount: numeric('refund_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    refundCny: numeric('refund_cny', { precision: 14, scale: 2 }).notNull().default('0'),
    status: text('status', { enum: MARKETPLACE_ORDER_STATUSES }).notNull(),
    carrier: text('carrier'),
    trackingNo: text('tracking_no').notNull().default(''),
    shipBy: at('ship_by').notNull(),
    orderedAt: at('ordered_at').notNull(),
    shippedAt: at('shipped_at'),
    deliveredAt: at('delivered_at'),
    refundedAt: at('refunded_at'),
    /** The seller account it was imported from; none: the sandbox's. */
    accountId: ref('account_id').references(() => marketplaceAccounts.id, { onDelete: 'set null' }),
    /** Where it goes (the buyer's ship-to address): empty where the marketplace withholds it. */
    shipName: text('ship_name').notNull().default(''),
    shipPhone: text('ship_phone').notNull().default(''),
    shipAddress1: text('ship_address1').notNull().default(''),
    shipAddress2: text('ship_address2').notNull().default(''),
    shipCity: text('ship_city').notNull().default(''),
    shipState: text('ship_state').notNull().default(''),
    shipPostalCode: text('ship_postal_code').notNull().default(''),
    shipCountry: text('ship_country').notNull().default(''),
    /** The shipping label bought for it (the sandbox's): its carrier's tracking number. */
    labelTrackingNo: text('label_tracking_no').notNull().default(''),
    labelCarrier: text('label_carrier').notNull().default(''),
    labelAt: at('label_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketplace_orders_no_unique').on(t.merchantId, t.marketplace, t.orderNo),
    index('marketplace_orders_list_ordered_idx').on(t.merchantId, t.orderedAt, t.id),
    index('marketplace_orders_list_status_idx').on(t.merchantId, t.status, t.orderedAt, t.id),
    index('marketplace_orders_list_site_idx').on(t.merchantId, t.site, t.orderedAt, t.id),
    // A site with one status: the page's ids are the index's first entries, where the site's
    // index passes every newer order of another status (1,233 for a page of delivered ones).
    index('marketplace_orders_list_site_status_idx').on(
      t.merchantId,
      t.site,
      t.status,
      t.orderedAt,
      t.id,
    ),
    index('marketplace_orders_list_buyer_idx').on(t.merchantId, t.buyer, t.orderedAt, t.id),
    index('marketplace_orders_list_total_idx').on(t.merchantId, t.totalCny, t.id),
  ],
);

/**
 * Each seller SKU of each order with the order's time, written by a trigger (migration 0038): the
 * list's SKU filter walks (SKU, time) newest first and stops at a page, where a GIN index on the
 * order's SKUs read all of a SKU's orders and sorted them (1,500 table pages for a page of 20).
 */
export const marketplaceOrderSkus = pgTable(
  'marketplace_order_skus',
  {
    merchantId: ref('merchant_id').notNull(),
    sellerSku: text('seller_sku').notNull(),
    orderedAt: at('ordered_at').notNull(),
    orderId: ref('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.sellerSku, t.orderedAt, t.orderId] })],
);

/** An order's lines: the listing and goods each came from, as they were sold. */
export const marketplaceOrderItems = pgTable(
  'marketplace_order_items',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    listingId: ref('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    goodsId: ref('goods_id').references(() => goods.id, { onDelete: 'set null' }),
    sellerSku: text('seller_sku').notNull(),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    amountCny: numeric('amount_cny', { precision: 14, scale: 2 }).notNull(),
    /** The marketplace's id of the line (Amazon's OrderItemId), which a shipment names. */
    remoteItemId: text('remote_item_id').notNull().default(''),
  },
  (t) => [index('marketplace_order_items_order_idx').on(t.orderId, t.id)],
);

/** An order's timeline: placed, paid, shipped (with its tracking), delivered, cancelled, refunded. */
export const marketplaceOrderEvents = pgTable(
  'marketplace_order_events',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** marketplace, or the merchant's account name. */
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('marketplace_order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * Each day's figures per marketplace and site (Beijing days), kept by the orders' trigger: an
 * order counts on the day it was placed unless cancelled; a refund on the day it was given.
 */
export const marketplaceOrderDays = pgTable(
  'marketplace_order_days',
  {
    merchantId: ref('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    marketplace: text('marketplace').notNull(),
    site: text('site').notNull(),
    orders: integer('orders').notNull().default(0),
    units: integer('units').notNull().default(0),
    sales: numeric('sales', { precision: 16, scale: 2 }).notNull().default('0'),
    fees: numeric('fees', { precision: 16, scale: 2 }).notNull().default('0'),
    refunds: numeric('refunds', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.marketplace, t.site] })],
);

/** Each day's units and sales per seller SKU (the ranking of goods), kept by triggers. */
export const marketplaceSkuDays = pgTable(
  'marketplace_sku_days',
  {
    merchantId: ref('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sellerSku: text('seller_sku').notNull(),
    orders: integer('orders').notNull().default(0),
    units: integer('units').notNull().default(0),
    sales: numeric('sales', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.sellerSku] })],
);

/** Each day's orders, units and sales per buyer (the ranking of buyers), kept by the trigger. */
export const marketplaceBuyerDays = pgTable(
  'marketplace_buyer_days',
  {
    merchantId: ref('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    buyer: text('buyer').notNull(),
    orders: integer('orders').notNull().default(0),
    units: integer('units').notNull().default(0),
    sales: numeric('sales', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.buyer] })],
);

/**
 * A marketplace's settlement report for a period, downloaded by a job and compared order by
 * order with what the orders say it should pay out; the differences are kept with it.
 */
export const marketplaceSettlements = pgTable(
  'marketplace_settlements',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    site: text('site').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    status: text('status', { enum: SETTLEMENT_STATUSES }).notNull().default('downloading'),
    orders: integer('orders').notNull().default(0),
    reported: numeric('reported', { precision: 16, scale: 2 }).notNull().default('0'),
    expected: numeric('expected', { precision: 16, scale: 2 }).notNull().default('0'),
    differences: jsonb('differences').notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('marketplace_settlements_merchant_idx').on(t.merchantId, t.createdAt, t.id)],
);

/**
 * The merchant's mini-program (one per merchant): its appid once a registration succeeded, and the
 * basic info live on the platform (an approved change writes it).
 */
export const miniPrograms = pgTable('mini_programs', {
  merchantId: ref('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  appid: text('appid'),
  name: text('name').notNull().default(''),
  avatar: text('avatar').notNull().default(''),
  intro: text('intro').notNull().default(''),
  categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Applications to register the mini-program (/mini-program-register-list). */
export const miniProgramRegistrations = pgTable(
  'mini_program_registrations',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    kind: text('kind', { enum: REGISTRATION_KINDS }).notNull(),
    companyName: text('company_name').notNull(),
    creditCode: text('credit_code').notNull(),
    legalName: text('legal_name').notNull(),
    legalWechat: text('legal_wechat').notNull(),
    contactPhone: text('contact_phone').notNull(),
    status: text('status', { enum: REGISTRATION_STATUSES }).notNull().default('submitted'),
    appid: text('appid').notNull().default(''),
    reason: text('reason').notNull().default(''),
    /** The platform's task for it. */
    taskId: text('task_id'),
    /** The failed application this one submits again. */
    resubmitOf: ref('resubmit_of'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('mini_program_registrations_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    uniqueIndex('mini_program_registrations_task_key').on(t.taskId),
  ],
);

/** Changes of the mini-program's basic info, each through the platform's review (/xcxbase/info). */
export const miniProgramInfoChanges = pgTable(
  'mini_program_info_changes',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    avatar: text('avatar').notNull(),
    intro: text('intro').notNull(),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: INFO_STATUSES }).notNull().default('reviewing'),
    reason: text('reason').notNull().default(''),
    taskId: text('task_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('mini_program_info_changes_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    uniqueIndex('mini_program_info_changes_task_key').on(t.taskId),
  ],
);

/** The mini-program's code versions (/mini-program-publish). */
export const miniProgramVersions = pgTable(
  'mini_program_versions',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    templateId: text('template_id').notNull(),
    version: text('version').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: VERSION_STATUSES }).notNull().default('uploaded'),
    reason: text('reason').notNull().default(''),
    /** What its experience QR code opens. */
    experienceUrl: text('experience_url').notNull().default(''),
    /** The platform's review task (the latest submission's). */
    taskId: text('task_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    submittedAt: at('submitted_at'),
    releasedAt: at('released_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('mini_program_versions_list_created_idx').on(t.merchantId, t.createdAt, t.id),
    uniqueIndex('mini_program_versions_task_key').on(t.taskId),
  ],
);

/**
 * Every task the platform was given for a row (a version submitted twice has two): a callback
 * about an earlier one is known, acknowledged and moves nothing.
 */
export const miniProgramTasks = pgTable('mini_program_tasks', {
  taskId: text('task_id').primaryKey(),
  merchantId: ref('merchant_id')
    .notNull()
    .references(() => merchants.id),
  subject: text('subject', { enum: ['registration', 'info', 'version'] }).notNull(),
  subjectId: ref('subject_id').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** The history of each application, info change and version: every state it reached, and why. */
export const miniProgramEvents = pgTable(
  'mini_program_events',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subject: text('subject', { enum: ['registration', 'info', 'version'] }).notNull(),
    subjectId: ref('subject_id').notNull(),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    /** The account's name, `platform` or `system`. */
    actor: text('actor').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('mini_program_events_subject_idx').on(t.subject, t.subjectId, t.id)],
);

/** The mini-program home's nine-grid entries (/xcxbase/nine; its banners are carousels). */
export const miniProgramHomeEntries = pgTable(
  'mini_program_home_entries',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** 2 nine-grid entry (1 was a banner: those are carousels now). */
    position: integer('position').notNull(),
    title: text('title').notNull(),
    image: text('image').notNull().default(''),
    icon: text('icon').notNull().default('none'),
    link: text('link').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    startAt: at('start_at'),
    endAt: at('end_at'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('mini_program_home_entries_list_sort_idx').on(
      t.merchantId,
      t.position,
      t.sortOrder,
      t.id,
    ),
  ],
);

/**
 * The sandbox mini-program platform's own books (miniprogram/sandbox): what the real platform
 * keeps on its side. Tasks (registrations, info reviews, code reviews) by id, each app's code
 * (its experience, live and previous versions), and the signing key.
 */
export const miniProgramSandboxTasks = pgTable(
  'mini_program_sandbox_tasks',
  {
    id: id(),
    taskId: text('task_id').notNull(),
    kind: text('kind', { enum: ['registration', 'info', 'audit'] }).notNull(),
    /** The product's merchant it is for (shown on the sandbox's pages). */
    merchantId: ref('merchant_id').notNull(),
    appid: text('appid'),
    /** What was submitted (the application, the info, the version). */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull(),
    reason: text('reason').notNull().default(''),
    notifyUrl: text('notify_url').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mini_program_sandbox_tasks_task_key').on(t.taskId)],
);

export const miniProgramSandboxApps = pgTable('mini_program_sandbox_apps', {
  appid: text('appid').primaryKey(),
  merchantId: ref('merchant_id').notNull(),
  /** The version uploaded last (the experience version). */
  experience: text('experience'),
  /** The version live now, and the one live before it (what a rollback brings back). */
  released: text('released'),
  previous: text('previous'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const miniProgramSandboxKeys = pgTable('mini_program_sandbox_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * A storefront customer's verified phone, per device (the token's key, as orders keep it) and
 * merchant: who the customer is where a limit depends on it.
 */
export const shopIdentities = pgTable(
  'shop_identities',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    customerKey: text('customer_key').notNull(),
    phone: text('phone').notNull(),
    verifiedAt: at('verified_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_identities_customer_key').on(t.merchantId, t.customerKey),
    index('shop_identities_phone_idx').on(t.merchantId, t.phone),
  ],
);

/** Codes sent to verify a storefront customer's phone: kept hashed, good for the device that asked. */
export const shopVerifyCodes = pgTable(
  'shop_verify_codes',
  {
    id: id(),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    phone: text('phone').notNull(),
    customerKey: text('customer_key').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong codes tried against it. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('shop_verify_codes_phone_idx').on(t.merchantId, t.phone, t.customerKey, t.id)],
);

/**
 * The storefront's tries counted in windows (kit/tries.ts): codes sent to a number and from an
 * address, partner applications from an address.
 */
export const shopTries = pgTable(
  'shop_tries',
  {
    id: id(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('shop_tries_key_idx').on(t.kind, t.key, t.createdAt)],
);

/** The SMS sandbox's messages: what the storefront page's sandbox phone shows. */
export const smsSandboxMessages = pgTable(
  'sms_sandbox_messages',
  {
    id: id(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_sandbox_messages_phone_idx').on(t.phone, t.createdAt)],
);
