import {
  datetime,
  defineResource,
  enumOf,
  images,
  integer,
  money,
  reference,
  richText,
  structured,
  text,
} from '../resource';

/**
 * /product-list: what the store's customers order from its storefront: images, price (and the
 * price it was, struck through), stock, on or off sale (by hand, or at a time set ahead: the job
 * queue flips it, and the storefront honours the time before it has), the number sold, a
 * description.
 */
export const product = defineResource({
  name: 'product',
  route: 'product-list',
  titles: {
    zh: { title: '店铺商品列表', edit: '编辑商品', page: '编辑店铺商品' },
    en: { title: 'Products', edit: 'Edit product' },
  },
  table: 'products',
  menu: { group: '/product', icon: 'ShopOutlined', order: 1 },
  fields: {
    // The category under the name, the stock under the number sold: the list's columns fit 1440 px.
    name: text({ required: true, max: 60, list: 220, listWith: ['categoryId'] }),
    categoryId: reference('product-category', { filter: 'select' }),
    images: images({ max: 9, list: 90 }),
    price: money({ required: true, list: 120, sortable: true }),
    originalPrice: money({ list: 100 }),
    stock: integer({ max: 999_999, filter: 'range' }),
    status: enumOf(['off', 'on'], { readOnly: true, list: 170, filter: 'select' }),
    salesCount: integer({ readOnly: true, list: 124, sortable: true, listWith: ['stock'] }),
    // 定时上架 / 定时下架: shown in the list beside the status (web/features/product).
    onSaleAt: datetime({}),
    offSaleAt: datetime({}),
    specs: structured('productSpecs'),
    skus: structured('productSkus'),
    addons: structured('productAddons'),
    addonsMax: integer({ max: 20 }),
    packagingFee: money({ max: 999 }),
    description: richText({}),
    updatedAt: datetime({ readOnly: true, list: 160, sortable: true }),
  },
  titleField: 'name',
  keyword: ['name'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export', 'import'],
  // An imported dish already on the menu (by name) is reported, then skipped or updated.
  importKey: 'name',
  defaultSort: 'updatedAt',
  transitions: {
    onSale: { from: ['off'], to: 'on' },
    offSale: { from: ['on'], to: 'off' },
  },
  page: { route: 'product-store' },
});

export default product;
