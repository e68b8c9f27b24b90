import { MARKETPLACES, SITES } from '../marketplace';
import { datetime, defineResource, enumOf, longText, text } from '../resource';

/**
 * /goods-keywords: keyword sets, the search terms a listing is sent with. Amazon counts them in
 * bytes (250 for the backend search terms), so the form counts bytes as the merchant types.
 */
export const goodsKeywords = defineResource({
  name: 'goods-keywords',
  route: 'goods-keywords',
  titles: {
    zh: { title: '关键词库', edit: '编辑关键词' },
    en: { title: 'Keyword sets', edit: 'Edit keyword set' },
  },
  table: 'goods_keywords',
  menu: { group: '/goods', icon: 'TagsOutlined', order: 2 },
  fields: {
    name: text({ required: true, max: 64, list: true, sortable: true }),
    marketplace: enumOf(MARKETPLACES, { list: 100, filter: 'select' }),
    site: enumOf(SITES, {
      list: 80,
      filter: 'select',
    }),
    keywords: longText({ required: true, max: 1000, maxBytes: 250, list: true }),
    remark: longText({ max: 500 }),
    updatedAt: datetime({ readOnly: true, list: 160, sortable: true }),
  },
  titleField: 'name',
  keyword: ['name', 'keywords'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export'],
  defaultSort: 'updatedAt',
  page: { route: 'goods-keywords-store' },
});

export default goodsKeywords;
