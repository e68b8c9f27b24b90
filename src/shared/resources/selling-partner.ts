import {
  datetime,
  decimal,
  defineResource,
  enumOf,
  integer,
  money,
  phone,
  text,
} from '../resource';

export const PARTNER_STATUSES = ['pending', 'approved', 'rejected', 'disabled'] as const;
export const PARTNER_LEVELS = ['bronze', 'silver', 'gold'] as const;

/**
 * /selling-partner-list: the people who share the store's invite link and earn a commission on
 * the orders it brings; approved by the merchant, settled a period at a time.
 */
export const sellingPartner = defineResource({
  name: 'selling-partner',
  route: 'selling-partner-list',
  titles: {
    zh: {
      title: '分销员',
      edit: '编辑分销员',
      permissions: { phone: '查看完整手机号', settle: '结算佣金' },
    },
    en: {
      title: 'Selling partners',
      edit: 'Edit partner',
      permissions: { phone: 'full phone numbers', settle: 'settle commission' },
    },
  },
  table: 'selling_partners',
  menu: { group: '/seller', icon: 'UsergroupAddOutlined', order: 0 },
  fields: {
    name: text({ required: true, max: 30, list: true }),
    phone: phone({ required: true, unique: true, list: 130, masked: 'selling-partner-list.phone' }),
    level: enumOf(PARTNER_LEVELS, { default: 'bronze', list: 80, filter: 'select' }),
    commissionRate: decimal({ required: true, scale: 2, min: 0, max: 50, list: 90 }),
    inviteCode: text({ readOnly: true, list: 110 }),
    status: enumOf(PARTNER_STATUSES, { readOnly: true, list: 80, filter: 'select' }),
    customerCount: integer({ readOnly: true, computed: true, list: 80 }),
    orderCount: integer({ readOnly: true, computed: true, list: 70 }),
    commissionEarned: money({ readOnly: true, computed: true, list: 100 }),
    commissionSettled: money({ readOnly: true, computed: true, list: 100 }),
    remark: text({ max: 200 }),
    createdAt: datetime({ readOnly: true, sortable: true, list: 160 }),
  },
  titleField: 'name',
  keyword: ['name', 'phone', 'inviteCode'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export'],
  defaultSort: 'createdAt',
  permissions: ['selling-partner-list.phone', 'selling-partner-list.settle'],
  transitions: {
    approve: { from: ['pending'], to: 'approved' },
    reject: { from: ['pending'], to: 'rejected' },
    disable: { from: ['approved'], to: 'disabled' },
    enable: { from: ['disabled'], to: 'approved' },
  },
  page: { route: 'selling-partner-store' },
});

export default sellingPartner;
