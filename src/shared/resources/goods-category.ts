import { boolean, datetime, defineResource, integer, text, treeParent } from '../resource';

/**
 * /goods-category: the merchant's goods categories, a tree of up to four levels ordered by hand
 * (drag to reorder and to move under another), each mapped to the marketplace's category its
 * goods are listed in. A category with sub-categories or goods is not deleted.
 */
export const goodsCategory = defineResource({
  name: 'goods-category',
  route: 'goods-category',
  titles: {
    zh: { title: '商品分类', edit: '编辑分类' },
    en: { title: 'Goods categories', edit: 'Edit category' },
  },
  table: 'goods_categories',
  menu: { group: '/goods', icon: 'PartitionOutlined', order: 1 },
  fields: {
    name: text({ required: true, max: 60, list: true }),
    parentId: treeParent({ maxDepth: 4 }),
    marketplaceCategory: text({ max: 200, list: true }),
    enabled: boolean({ default: true, list: 90, filter: 'select' }),
    sortOrder: integer({ readOnly: true, detail: false, export: false }),
    createdAt: datetime({ readOnly: true, list: 160 }),
  },
  titleField: 'name',
  keyword: ['name', 'marketplaceCategory'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export', 'order'],
  defaultSort: 'sortOrder',
  defaultOrder: 'asc',
  orderField: 'sortOrder',
  page: { route: 'goods-category-store' },
});

export default goodsCategory;
