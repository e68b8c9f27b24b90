import { boolean, datetime, defineResource, image, integer, text } from '../resource';

/**
 * A slide's link: a product or an article of the store (`product:12`, `article:3`), a page of the
 * storefront (`/pages/…`) or a web address.
 */
const LINK = /^(product:\d+|article:\d+|\/[\w\-./?=&%]*|https?:\/\/\S+)$/;

/**
 * /carousel: the slides at the top of the store page, in the order dragged here, each shown only
 * while enabled and within its time window.
 */
export const carousel = defineResource({
  name: 'carousel',
  route: 'carousel',
  table: 'carousels',
  menu: { group: '/store', icon: 'PictureOutlined', order: 0 },
  fields: {
    title: text({ required: true, max: 60, list: true }),
    image: image({ required: true, list: 120 }),
    link: text({ max: 500, list: true, pattern: { regex: LINK, message: 'carousel:rules.link' } }),
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
  page: { route: 'carousel-store' },
});
