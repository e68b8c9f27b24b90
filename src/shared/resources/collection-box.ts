import {
  datetime,
  decimal,
  defineResource,
  enumOf,
  images,
  integer,
  longText,
  structured,
  text,
} from '../resource';

/**
 * /collection-box: products collected from other shops' pages (their schema.org Product JSON-LD
 * or Open Graph data, fetched by URL or pasted as HTML; see server/modules/collection-box). An
 * item is new until claimed (a goods draft is made from it) or ignored. Items come in only
 * through collecting or a file of collected products (the data helper's import, its columns in
 * server/modules/collection-box/import.ts), so there is no add or edit form.
 */
export const collectionBox = defineResource({
  name: 'collection-box',
  route: 'collection-box',
  titles: {
    zh: { title: '采集箱', edit: '查看采集商品' },
    en: { title: 'Collection box', edit: 'Collected item' },
  },
  table: 'collection_box',
  menu: { group: '/collection', icon: 'CloudDownloadOutlined', order: 0 },
  fields: {
    images: images({ readOnly: true, list: 80, max: 20 }),
    title: text({ readOnly: true, list: 270, max: 500 }),
    // Shown with its currency (CNY 1299.00): never cut.
    price: decimal({ readOnly: true, list: 120, scale: 2 }),
    // Shown with the price in the list (features/collection-box).
    currency: text({ readOnly: true, max: 3 }),
    sourceHost: text({ readOnly: true, list: 150 }),
    sourceUrl: text({ readOnly: true, max: 2000 }),
    brand: text({ readOnly: true, max: 200 }),
    description: longText({ readOnly: true, max: 5000 }),
    // The page's variants, shown as a table in the detail (features/collection-box); a claim
    // makes them the draft's variant grid.
    variants: structured('collectedVariants', { readOnly: true }),
    // The goods draft a claim made, under the status.
    status: enumOf(['new', 'claimed', 'ignored'], {
      readOnly: true,
      list: 130,
      filter: 'select',
      listWith: ['goodsId'],
    }),
    // The goods draft a claim made (0 until then). Not a reference: deleting that goods later
    // must not be refused because the box still remembers where it came from.
    goodsId: integer({ readOnly: true }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true, filter: 'range' }),
  },
  titleField: 'title',
  keyword: ['title', 'brand', 'sourceUrl'],
  actions: ['list', 'detail', 'delete', 'export', 'import'],
  // A page already in the box (by its address) is reported, then skipped or updated.
  importKey: 'sourceUrl',
  defaultSort: 'createdAt',
  transitions: {
    claim: { from: ['new'], to: 'claimed' },
    ignore: { from: ['new'], to: 'ignored' },
    // An item ignored by mistake comes back to the box.
    restore: { from: ['ignored'], to: 'new' },
  },
});

export default collectionBox;
