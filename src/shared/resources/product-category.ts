import { boolean, datetime, defineResource, image, integer, text } from '../resource';

/**
 * /category-one: the storefront's product categories, one level, in the order the store page
 * shows them (dragged). A category still holding products is not deleted.
 */
export const productCategory = defineResource({
  name: 'product-category',
  route: 'category-one',
  titles: {
    zh: { title: '店铺分类', edit: '编辑分类' },
    en: { title: 'Product categories', edit: 'Edit category' },
  },
  table: 'product_categories',
  menu: { group: '/product', icon: 'AppstoreOutlined', order: 0 },
  fields: {
    name: text({ required: true, max: 30, list: true }),
    icon: image({ list: 80 }),
    enabled: boolean({ default: true, list: 90, filter: 'select' }),
    sortOrder: integer({ readOnly: true, detail: false, export: false }),
    createdAt: datetime({ readOnly: true, list: 160 }),
  },
  titleField: 'name',
  keyword: ['name'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export', 'order'],
  defaultSort: 'sortOrder',
  defaultOrder: 'asc',
  orderField: 'sortOrder',
});

export default productCategory;
