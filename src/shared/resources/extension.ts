import { EXTENSION_KINDS, EXTENSION_STATUSES, PROMOTION_SCOPES } from '../extension';
import { datetime, defineResource, enumOf, integer, money, references, text } from '../resource';

/**
 * /extension-list: the campaigns checkout applies (amount off over a threshold, percent off, a
 * fixed price), each for a period, the whole store, some categories or some products, with a per-customer limit and
 * a budget. The rules are in shared/extension.ts; each row's figures come from its orders.
 */
export const extension = defineResource({
  name: 'extension',
  route: 'extension-list',
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
