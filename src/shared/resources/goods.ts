import {
  datetime,
  defineResource,
  enumOf,
  images,
  integer,
  money,
  reference,
  richText,
  tags,
  text,
} from '../resource';

/**
 * /goods-list: the merchant's goods, each with its variants (colour × size…: seller SKU, UPC,
 * cost, price, stock, weight, edited on the goods' page, see shared/goods.ts). A draft becomes
 * ready only when complete; the screen says what is missing.
 */
export const goods = defineResource({
  name: 'goods',
  route: 'goods-list',
  titles: {
    zh: { title: '商品列表', edit: '编辑商品' },
    en: { title: 'Goods', edit: 'Edit goods' },
  },
  table: 'goods',
  menu: { group: '/goods', icon: 'ShoppingCartOutlined', order: 0 },
  fields: {
    title: text({ required: true, max: 200, list: 280 }),
    // The brand under the category in the list (so the default columns fit 1440 px).
    categoryId: reference('goods-category', { list: 150, filter: 'select', listWith: ['brand'] }),
    brand: text({ max: 50 }),
    images: images({ max: 9 }),
    // Imported as five columns of their own (server/modules/goods/import.ts).
    bulletPoints: tags({ max: 5, itemMax: 500, import: false }),
    description: richText({ max: 20_000 }),
    keywordsId: reference('goods-keywords'),
    status: enumOf(['draft', 'ready', 'listed', 'error'], {
      readOnly: true,
      list: 90,
      filter: 'select',
    }),
    variantCount: integer({ readOnly: true, list: 80, listHidden: true }),
    stockTotal: integer({ readOnly: true, list: 90, sortable: true }),
    priceMin: money({ readOnly: true, list: 110, sortable: true }),
    updatedAt: datetime({ readOnly: true, list: 160, sortable: true, filter: 'range' }),
  },
  titleField: 'title',
  keyword: ['title', 'brand'],
  // Import: one row per variant, grouped into goods (server/modules/goods/import.ts).
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export', 'import'],
  defaultSort: 'updatedAt',
  transitions: {
    ready: { from: ['draft', 'error'], to: 'ready' },
    draft: { from: ['ready', 'error'], to: 'draft' },
  },
  page: { route: 'goods-store' },
});

export default goods;
