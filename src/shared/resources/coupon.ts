import {
  boolean,
  datetime,
  defineResource,
  enumOf,
  integer,
  money,
  references,
  text,
} from '../resource';
import { PROMOTION_SCOPES } from './extension';

/** Amount off over a threshold; percent off over a threshold. */
export const COUPON_KINDS = ['amountOff', 'percentOff'] as const;
/** Written (draft), issued and claimed (active), no longer issued (stopped). */
export const COUPON_STATUSES = ['draft', 'active', 'stopped'] as const;
/** Valid between two fixed dates, or for a number of days from when the customer got it. */
export const COUPON_VALIDITIES = ['fixed', 'days'] as const;
/** Every product of the store, the products of some categories, or some products. */
export const COUPON_SCOPES = PROMOTION_SCOPES;

/**
 * /coupon-list: coupon templates beside the campaigns. The merchant issues them to chosen
 * customers or lets customers claim them in the storefront, up to a total and a per-customer
 * limit; checkout takes one off an order. The rules are in shared/coupon.ts; each row's issued
 * count is kept under the row's lock, its used count read from the customers' coupons.
 */
export const coupon = defineResource({
  name: 'coupon',
  route: 'coupon-list',
  titles: {
    zh: { title: '优惠券', edit: '编辑优惠券', permissions: { issue: '发放' } },
    en: { title: 'Coupons', edit: 'Edit coupon', permissions: { issue: 'issue' } },
  },
  table: 'coupons',
  menu: { group: '/extension', icon: 'TagsOutlined', order: 1 },
  fields: {
    name: text({ required: true, max: 40, list: true }),
    kind: enumOf(COUPON_KINDS, {
      required: true,
      default: 'amountOff',
      list: 90,
      filter: 'select',
    }),
    threshold: money({ min: 0, default: '0' }),
    value: money({ required: true, min: 0.01, list: 150 }),
    scope: enumOf(COUPON_SCOPES, { default: 'all' }),
    categoryIds: references('product-category', {
      shownWhen: { field: 'scope', is: ['categories'] },
    }),
    productIds: references('product', { shownWhen: { field: 'scope', is: ['products'] } }),
    validity: enumOf(COUPON_VALIDITIES, { default: 'fixed' }),
    startAt: datetime({ shownWhen: { field: 'validity', is: ['fixed'] } }),
    endAt: datetime({ list: 160, shownWhen: { field: 'validity', is: ['fixed'] } }),
    validDays: integer({
      min: 0,
      max: 3650,
      default: 0,
      shownWhen: { field: 'validity', is: ['days'] },
    }),
    totalQuantity: integer({ required: true, min: 1, max: 1_000_000, list: 80 }),
    perCustomerLimit: integer({ min: 1, max: 99, default: 1 }),
    stackable: boolean({ default: false }),
    claimable: boolean({ default: true }),
    status: enumOf(COUPON_STATUSES, { readOnly: true, list: 80, filter: 'select' }),
    issuedCount: integer({ readOnly: true, list: 70 }),
    usedCount: integer({ readOnly: true, computed: true, list: 70 }),
    createdAt: datetime({ readOnly: true, sortable: true }),
  },
  titleField: 'name',
  keyword: ['name'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export'],
  defaultSort: 'createdAt',
  permissions: ['coupon-list.issue'],
  transitions: {
    activate: { from: ['draft'], to: 'active' },
    stop: { from: ['active'], to: 'stopped' },
  },
  page: { route: 'coupon-store' },
});

export default coupon;
