import {
  datetime,
  decimal,
  defineResource,
  enumOf,
  images,
  integer,
  money,
  reference,
  tags,
  text,
} from '../resource';

export const HOUSE_STATUSES = ['onSale', 'reserved', 'sold', 'withdrawn'] as const;
export const ORIENTATIONS = [
  'south',
  'north',
  'east',
  'west',
  'southNorth',
  'eastWest',
  'southeast',
  'southwest',
  'northeast',
  'northwest',
] as const;
export const DECORATIONS = ['rough', 'simple', 'fine', 'luxury'] as const;

/**
 * /second-hand-house: the agency's resale listings. The unit price is derived from the total
 * (万元) and the area, never typed; each change of status is dated.
 */
export const secondHandHouse = defineResource({
  name: 'second-hand-house',
  route: 'second-hand-house',
  titles: {
    zh: { title: '二手房', edit: '编辑房源' },
    en: { title: 'Resale listings', edit: 'Edit listing' },
  },
  table: 'second_hand_houses',
  menu: { group: '/house', icon: 'HomeOutlined', order: 1 },
  fields: {
    title: text({ required: true, max: 60, list: true }),
    community: text({ required: true, max: 40, list: 140 }),
    district: text({ required: true, max: 20, list: 90 }),
    address: text({ max: 100 }),
    building: text({ max: 10 }),
    unit: text({ max: 10 }),
    rooms: integer({ min: 0, max: 20, default: 2, list: 60, filter: 'range' }),
    halls: integer({ min: 0, max: 10, default: 1 }),
    baths: integer({ min: 0, max: 10, default: 1 }),
    area: decimal({
      required: true,
      scale: 2,
      min: 1,
      max: 100_000,
      list: 90,
      sortable: true,
      filter: 'range',
    }),
    floor: integer({ min: -5, max: 200, default: 1 }),
    totalFloors: integer({ min: 1, max: 200, default: 6 }),
    orientation: enumOf(ORIENTATIONS, { default: 'south', filter: 'select' }),
    decoration: enumOf(DECORATIONS, { default: 'simple', filter: 'select' }),
    buildYear: integer({ min: 1900, max: 2100, default: 2010 }),
    totalPrice: decimal({
      required: true,
      scale: 2,
      min: 1,
      max: 1_000_000,
      list: 110,
      sortable: true,
      filter: 'range',
    }),
    unitPrice: money({ readOnly: true, list: 110, sortable: true }),
    tags: tags({ max: 10, itemMax: 10, filter: 'tag' }),
    images: images({ max: 20 }),
    brokerId: reference('broker', { list: 90, filter: 'select' }),
    status: enumOf(HOUSE_STATUSES, { readOnly: true, list: 80, filter: 'select' }),
    statusAt: datetime({ readOnly: true }),
    createdAt: datetime({ readOnly: true, sortable: true, list: 160 }),
  },
  titleField: 'title',
  keyword: ['title', 'community', 'district', 'address'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export', 'import'],
  defaultSort: 'createdAt',
  transitions: {
    reserve: { from: ['onSale'], to: 'reserved', confirm: true },
    sell: { from: ['onSale', 'reserved'], to: 'sold', confirm: true },
    withdraw: { from: ['onSale', 'reserved'], to: 'withdrawn' },
    relist: { from: ['reserved', 'withdrawn'], to: 'onSale' },
  },
  page: { route: 'second-hand-house-store' },
});

export default secondHandHouse;
