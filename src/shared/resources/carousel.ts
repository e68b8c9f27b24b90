import { boolean, datetime, defineResource, image, integer, link, text } from '../resource';

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
  page: { route: 'carousel-store' },
});
