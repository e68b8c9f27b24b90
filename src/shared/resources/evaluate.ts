import { boolean, datetime, defineResource, images, integer, longText, text } from '../resource';

/**
 * /evaluate-list: what customers said of their orders (a rating of 1–5, words, photos), the
 * merchant's reply, and whether the storefront shows it; an order left unrated is praised by
 * the auto-praise job after the days the order settings give.
 */
export const evaluate = defineResource({
  name: 'evaluate',
  route: 'evaluate-list',
  titles: {
    zh: { title: '评价列表', edit: '回复评价' },
    en: { title: 'Reviews', edit: 'Reply to review' },
  },
  table: 'evaluations',
  menu: { group: '/order', icon: 'StarOutlined', order: 1 },
  fields: {
    orderNo: text({ readOnly: true, list: 190 }),
    itemsSummary: text({ readOnly: true, list: true }),
    rating: integer({ readOnly: true, list: 80, sortable: true }),
    content: longText({ readOnly: true, list: true }),
    images: images({ readOnly: true, list: 120 }),
    reply: longText({ max: 500, list: true }),
    visible: boolean({ default: true, list: 80, filter: 'select' }),
    auto: boolean({ readOnly: true, list: 80 }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true, filter: 'range' }),
    repliedAt: datetime({ readOnly: true }),
  },
  titleField: 'orderNo',
  keyword: ['orderNo', 'content'],
  actions: ['list', 'detail', 'update', 'export'],
  defaultSort: 'createdAt',
});

export default evaluate;
