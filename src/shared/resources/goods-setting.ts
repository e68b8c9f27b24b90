import { CURRENCIES, MARKETPLACES, SITES } from '../marketplace';
import {
  boolean,
  datetime,
  decimal,
  defineResource,
  enumOf,
  integer,
  money,
  reference,
  text,
} from '../resource';

/**
 * /goods-setting-list: listing settings, one per marketplace and site: the currency and the
 * day's rate, the price formula (cost × (1 + markup) + fee, ÷ rate; see shared/listing-price.ts),
 * handling days and the stock a new listing starts with; the seller account its feeds go through
 * (none: the sandbox) and the product type they are sent as.
 */
export const goodsSetting = defineResource({
  name: 'goods-setting',
  route: 'goods-setting-list',
  titles: {
    zh: { title: '刊登设置', edit: '编辑刊登设置' },
    en: { title: 'Listing settings', edit: 'Edit listing setting' },
  },
  table: 'goods_settings',
  menu: { group: '/goods', icon: 'ControlOutlined', order: 4 },
  fields: {
    name: text({ required: true, max: 64, unique: true, list: true, sortable: true }),
    marketplace: enumOf(MARKETPLACES, { list: 100, filter: 'select' }),
    site: enumOf(SITES, {
      list: 90,
      filter: 'select',
    }),
    /** The site's currency (shared/marketplace.ts SITE_CURRENCY), set by the server. */
    currency: enumOf(CURRENCIES, { readOnly: true, list: 80 }),
    /** Yuan for one unit of the currency: never 0 (a feed would go out at 0.00). */
    exchangeRate: decimal({ required: true, scale: 4, min: 0.0001, max: 10_000, list: 110 }),
    /** When the day's rate was last fetched into it (获取汇率, then daily); null: typed by hand. */
    rateFetchedAt: datetime({ readOnly: true, list: 150 }),
    /** -90 % (a tenth of the cost) to +1000 % (eleven times). */
    markupPercent: decimal({ scale: 2, min: -90, max: 1000, list: 100 }),
    fixedFee: money({ list: 100 }),
    endIn99: boolean({ list: 90 }),
    handlingDays: integer({ min: 1, max: 30, default: 2, list: 90 }),
    defaultStock: integer({ max: 999_999, list: 90 }),
    /** The seller account its feeds go through (marketplace-account); none: the sandbox. */
    accountId: reference('marketplace-account', { list: 140 }),
    /** The marketplace's product type of the goods sent with it (Amazon's PRODUCT, LUGGAGE…). */
    productType: text({
      max: 64,
      default: 'PRODUCT',
      pattern: { regex: /^[A-Z0-9_]*$/, message: 'goods-setting:rules.productType' },
    }),
    updatedAt: datetime({ readOnly: true, list: 160, sortable: true }),
  },
  titleField: 'name',
  keyword: ['name'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export'],
  defaultSort: 'updatedAt',
  page: { route: 'goods-setting-store' },
});

export default goodsSetting;
