import {
  datetime,
  decimal,
  defineResource,
  enumOf,
  integer,
  money,
  reference,
  text,
} from '../resource';

/** The two kinds of listing /house-list searches. */
export const HOUSE_KINDS = ['secondHand', 'newHouse'] as const;
/** Every status of either kind. */
export const HOUSE_LISTING_STATUSES = [
  'onSale',
  'reserved',
  'sold',
  'withdrawn',
  'upcoming',
  'soldOut',
] as const;

/**
 * /house-list: every listing of both kinds in one search, with the filters a buyer's agent uses:
 * district, price, unit price and area ranges, rooms, status, broker. Kept by the database from
 * /second-hand-house and /new-house (a new house has no total, area or rooms; its unit price is
 * its lowest).
 */
export const houseList = defineResource({
  name: 'house-list',
  route: 'house-list',
  titles: {
    zh: { title: '房源搜索' },
    en: { title: 'House search' },
  },
  table: 'house_listings',
  menu: { group: '/house', icon: 'SearchOutlined', order: 0 },
  fields: {
    title: text({ readOnly: true, list: true }),
    kind: enumOf(HOUSE_KINDS, { readOnly: true, list: 80, filter: 'select' }),
    district: text({ readOnly: true, list: 90 }),
    community: text({ readOnly: true }),
    totalPrice: decimal({
      readOnly: true,
      nullable: true,
      scale: 2,
      list: 110,
      sortable: true,
      filter: 'range',
    }),
    unitPrice: money({
      readOnly: true,
      nullable: true,
      list: 110,
      sortable: true,
      filter: 'range',
    }),
    area: decimal({
      readOnly: true,
      nullable: true,
      scale: 2,
      list: 90,
      sortable: true,
      filter: 'range',
    }),
    rooms: integer({ readOnly: true, nullable: true, list: 60, filter: 'range' }),
    status: enumOf(HOUSE_LISTING_STATUSES, { readOnly: true, list: 80, filter: 'select' }),
    brokerId: reference('broker', { readOnly: true, list: 90, filter: 'select' }),
    sourceId: integer({ readOnly: true, detail: false, export: false }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true }),
  },
  titleField: 'title',
  keyword: ['title', 'district', 'community'],
  actions: ['list', 'detail', 'export'],
  defaultSort: 'createdAt',
});

export default houseList;
