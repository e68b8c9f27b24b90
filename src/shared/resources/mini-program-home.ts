import { boolean, datetime, defineResource, enumOf, image, integer, link, text } from '../resource';

/** The icons a nine-grid entry may show instead of an image (@ant-design/icons names), or none. */
export const HOME_ICONS = [
  'none',
  'ShopOutlined',
  'ShoppingCartOutlined',
  'GiftOutlined',
  'CoffeeOutlined',
  'HomeOutlined',
  'ReadOutlined',
  'ProfileOutlined',
  'StarOutlined',
  'PhoneOutlined',
  'EnvironmentOutlined',
  'CustomerServiceOutlined',
  'AppstoreOutlined',
] as const;

/**
 * The mini-program home's nine-grid entries (2; its banners, once 1 here, are carousels of the
 * mini-program home's position: see carousel.ts).
 */
export const HOME_POSITIONS = { nine: 2 } as const;

/**
 * /xcxbase/nine: the mini-program home's nine-grid entries, added and edited on /xcxbase/add.
 * Each has an image or an icon, a title, a link picked with the link picker, its place by drag,
 * and shows only while enabled and within its time window.
 */
export const miniProgramHome = defineResource({
  name: 'mini-program-home',
  route: 'xcxbase/nine',
  titles: {
    zh: { title: '小程序首页', edit: '编辑首页入口', screens: { 'xcxbase/nine': '九宫格入口' } },
    en: {
      title: 'Mini-program home',
      edit: 'Edit home entry',
      screens: { 'xcxbase/nine': 'Nine-grid entries' },
      page: 'Edit a home entry',
    },
  },
  table: 'mini_program_home_entries',
  menu: { group: '/mini-program', icon: 'PictureOutlined', order: 5 },
  fields: {
    position: integer({ form: false, list: false, detail: false, export: false, import: false }),
    title: text({ required: true, max: 30, list: true }),
    image: image({ list: 100 }),
    icon: enumOf(HOME_ICONS, { list: 80 }),
    link: link({ list: 200 }),
    enabled: boolean({ default: true, list: 90, filter: 'select' }),
    startAt: datetime({ list: 160 }),
    endAt: datetime({ list: 160 }),
    sortOrder: integer({ readOnly: true, detail: false, export: false }),
  },
  titleField: 'title',
  keyword: ['title'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export', 'order'],
  defaultSort: 'sortOrder',
  defaultOrder: 'asc',
  orderField: 'sortOrder',
  variants: {
    field: 'position',
    param: 'position',
    screens: [{ route: 'xcxbase/nine', value: HOME_POSITIONS.nine }],
  },
  page: { route: 'xcxbase/add' },
});

export default miniProgramHome;
