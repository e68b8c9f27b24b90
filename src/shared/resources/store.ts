import {
  datetime,
  decimal,
  defineResource,
  enumOf,
  image,
  longText,
  phone,
  structured,
  text,
} from '../resource';

/**
 * /detail: the store as its customers see it: name, logo, introduction, phone, address and where
 * it is on a map, weekly opening hours with holiday exceptions, open / paused / closed, a notice.
 * One per merchant; the storefront takes orders only while it is open and within its hours.
 */
export const store = defineResource({
  name: 'store',
  route: 'detail',
  titles: {
    zh: { title: '店铺详情', edit: '店铺详情' },
    en: { title: 'Store details', edit: 'Store details' },
  },
  table: 'store_details',
  menu: { group: '/store', icon: 'ShopOutlined', order: -1 },
  fields: {
    name: text({ required: true, max: 30, default: '' }),
    logo: image({}),
    status: enumOf(['open', 'paused', 'closed'], { default: 'open' }),
    notice: longText({ max: 200 }),
    intro: longText({ max: 500 }),
    phone: phone({}),
    address: text({ max: 200 }),
    latitude: decimal({ scale: 6, min: -90, max: 90 }),
    longitude: decimal({ scale: 6, min: -180, max: 180 }),
    hours: structured('openingHours'),
    updatedAt: datetime({ readOnly: true }),
  },
  titleField: 'name',
  actions: ['detail', 'update'],
  defaultSort: 'updatedAt',
  single: true,
});

export default store;
