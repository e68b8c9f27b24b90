import { datetime, defineResource, enumOf, integer, money, references, text } from '../resource';

/** Amount off over a threshold; percent off over a threshold; a fixed price per unit. */
export const EXTENSION_KINDS = ['amountOff', 'percentOff', 'fixedPrice'] as const;
/**
 * A campaign's life: written (draft), published before its start (scheduled), running (active),
 * over by its end time, its budget spent or by hand (ended).
 */
export const EXTENSION_STATUSES = ['draft', 'scheduled', 'active', 'ended'] as const;
/**
 * What a campaign or a coupon applies to: every product of the store, the products of some
 * categories, or some products.
 */
export const PROMOTION_SCOPES = ['all', 'categories', 'products'] as const;

/**
 * /extension-list: the campaigns checkout applies (amount off over a threshold, percent off, a
 * fixed price), each for a period, the whole store, some categories or some products, with a per-customer limit and
 * a budget. The rules are in shared/extension.ts; each row's figures come from its orders.
 */
export const extension = defineResource({
  name: 'extension',
  route: 'extension-list',
  titles: {
    zh: { title: '推广活动', edit: '编辑活动' },
    en: { title: 'Campaigns', edit: 'Edit campaign' },
  },
  table: 'extensions',
  menu: { group: '/extension', icon: 'GiftOutlined', order: 0 },
  fields: {
    name: text({ required: true, max: 40, list: true }),
    kind: enumOf(EXTENSION_KINDS, {
      required: true,
      default: 'amountOff',
      list: 90,
      filter: 'select',
    }),
    threshold: money({ min: 0, default: '0' }),
    value: money({ required: true, min: 0.01, list: 90 }),
    scope: enumOf(PROMOTION_SCOPES, { default: 'all' }),
    categoryIds: references('product-category', {
      list: 140,
      shownWhen: { field: 'scope', is: ['categories'] },
    }),
    productIds: references('product', {
      list: 140,
      shownWhen: { field: 'scope', is: ['products'] },
    }),
    startAt: datetime({ required: true, list: 160, sortable: true }),
    endAt: datetime({ required: true, list: 160 }),
    perCustomerLimit: integer({ min: 0, max: 999, default: 0 }),
    budget: money({ min: 0, default: '0' }),
    status: enumOf(EXTENSION_STATUSES, { readOnly: true, list: 80, filter: 'select' }),
    orderCount: integer({ readOnly: true, computed: true, list: 70 }),
    customerCount: integer({ readOnly: true, computed: true }),
    discountGiven: money({ readOnly: true, computed: true, list: 100 }),
    sales: money({ readOnly: true, computed: true, list: 100 }),
    createdAt: datetime({ readOnly: true, sortable: true }),
  },
  titleField: 'name',
  keyword: ['name'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export'],
  defaultSort: 'createdAt',
  transitions: {
    publish: { from: ['draft'], to: 'scheduled' },
    end: { from: ['scheduled', 'active'], to: 'ended' },
  },
  page: { route: 'extension-store' },
});

export default extension;
