import {
  date,
  datetime,
  defineResource,
  enumOf,
  images,
  money,
  structured,
  tags,
  text,
} from '../resource';

export const NEW_HOUSE_STATUSES = ['upcoming', 'onSale', 'soldOut'] as const;
export const PROPERTY_TYPES = ['residential', 'apartment', 'villa', 'commercial'] as const;

/** /new-house: new-house projects, from their opening to sold out. */
export const newHouse = defineResource({
  name: 'new-house',
  route: 'new-house',
  titles: {
    zh: { title: '新房', edit: '编辑楼盘' },
    en: { title: 'New houses', edit: 'Edit project' },
  },
  table: 'new_houses',
  menu: { group: '/house', icon: 'BankOutlined', order: 2 },
  fields: {
    name: text({ required: true, max: 40, list: true }),
    developer: text({ max: 40, list: 160 }),
    district: text({ required: true, max: 20, list: 90 }),
    address: text({ max: 100 }),
    propertyType: enumOf(PROPERTY_TYPES, { default: 'residential', list: 90, filter: 'select' }),
    priceMin: money({ min: 0, list: 110, sortable: true, filter: 'range' }),
    priceMax: money({ min: 0, list: 110 }),
    openingDate: datetime({ list: 160 }),
    deliveryDate: date({ list: 110 }),
    unitTypes: structured('unitTypes'),
    tags: tags({ max: 10, itemMax: 10 }),
    images: images({ max: 20 }),
    status: enumOf(NEW_HOUSE_STATUSES, { readOnly: true, list: 80, filter: 'select' }),
    createdAt: datetime({ readOnly: true, sortable: true }),
  },
  titleField: 'name',
  keyword: ['name', 'developer', 'district'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export'],
  defaultSort: 'createdAt',
  transitions: {
    open: { from: ['upcoming'], to: 'onSale' },
    sellOut: { from: ['onSale'], to: 'soldOut' },
  },
});

export default newHouse;
