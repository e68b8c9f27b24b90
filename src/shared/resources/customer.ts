import {
  datetime,
  defineResource,
  enumOf,
  integer,
  longText,
  money,
  phone,
  tags,
  text,
} from '../resource';

/** /client-list: the merchant's customers (shoppers): who they are and what they have bought. */
export const customer = defineResource({
  name: 'customer',
  route: 'client-list',
  titles: {
    zh: { title: '客户列表', edit: '编辑客户', permissions: { phone: '查看完整手机号' } },
    en: {
      title: 'Customers',
      edit: 'Edit customer',
      menu: 'Customer list',
      permissions: { phone: 'see full phone numbers' },
    },
  },
  table: 'customers',
  menu: { group: '/customer', icon: 'TeamOutlined', order: 1 },
  fields: {
    name: text({ required: true, max: 64, list: true }),
    phone: phone({ list: 140, masked: 'client-list.phone' }),
    gender: enumOf(['male', 'female', 'unknown'], {
      list: 80,
      filter: 'select',
      default: 'unknown',
    }),
    source: enumOf(['store', 'mini-program', 'wechat', 'referral', 'import', 'other'], {
      list: 100,
      filter: 'select',
    }),
    tags: tags({ max: 20, itemMax: 20, list: true, filter: 'tag' }),
    // Derived from the customer's orders: never typed or imported.
    orderCount: integer({ readOnly: true, list: 100, sortable: true }),
    totalSpent: money({ readOnly: true, list: 130, sortable: true }),
    // Set on sign-up; an import brings the date from the former system.
    registeredAt: datetime({
      readOnly: true,
      import: true,
      list: 160,
      sortable: true,
      filter: 'range',
    }),
    lastActiveAt: datetime({ readOnly: true, list: 160, sortable: true }),
    remark: longText({ max: 500 }),
  },
  titleField: 'name',
  keyword: ['name', 'phone'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export', 'import'],
  defaultSort: 'registeredAt',
  importKey: 'phone',
  importDefaults: { source: 'import' },
  permissions: ['client-list.phone'],
});

export default customer;
