import { boolean, datetime, defineResource, image, integer, link, text } from '../resource';

/** Where a carousel shows: the store page's top (1), the mini-program home's banners (2). */
export const CAROUSEL_POSITIONS = { store: 1, miniProgram: 2 } as const;

/**
 * The carousels of every position, one resource: /carousel (the store page's top) and
 * /xcxbase/banner (the mini-program home) each show one position, /carousel-list all of them;
 * added and edited on /carousel-store/<position>. Each slide keeps the order dragged on its
 * position's screen and shows only while enabled and within its time window.
 */
export const carousel = defineResource({
  name: 'carousel',
  route: 'carousel',
  titles: {
    zh: {
      title: '轮播图',
      edit: '编辑轮播图',
      screens: {
        carousel: '轮播图',
        'xcxbase/banner': '小程序轮播',
        'carousel-list': '轮播图管理',
      },
    },
    en: {
      title: 'Carousel',
      edit: 'Edit slide',
      screens: {
        carousel: 'Carousel',
        'xcxbase/banner': 'Home banners',
        'carousel-list': 'All carousels',
      },
    },
  },
  table: 'carousels',
  menu: { group: '/store', icon: 'PictureOutlined', order: 0 },
  fields: {
    position: integer({ form: false, list: false, detail: false, export: false, import: false }),
    title: text({ required: true, max: 60, list: true }),
    image: image({ required: true, list: 120 }),
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
    screens: [
      { route: 'carousel', value: CAROUSEL_POSITIONS.store },
      {
        route: 'xcxbase/banner',
        value: CAROUSEL_POSITIONS.miniProgram,
        group: '/mini-program',
        order: 4,
      },
    ],
    all: { route: 'carousel-list', group: '/carousel-management' },
  },
  page: { route: 'carousel-store' },
});

export default carousel;
