import { FEED_ERROR_TEXTS } from '../feeds';
import { MARKETPLACE_TEXTS } from '../marketplace';
import { type DictionaryOf, titlesOf } from '../resource';
import { listing } from './listing';

export default {
  ...titlesOf(listing, 'en'),
  noun: 'listing',
  new: '',
  fields: {
    sellerSku: 'Seller SKU',
    title: 'Title',
    variationTheme: 'Variation',
    parentSku: 'Family (parent SKU)',
    listingId: 'Listing id',
    marketplace: 'Marketplace',
    site: 'Site',
    accountId: 'Account',
    price: 'Price',
    currency: 'Currency',
    stock: 'Stock',
    status: 'Status',
    reason: 'Why',
    reasonDetail: "Marketplace's words",
    lastSyncAt: 'Last sync',
    updatedAt: 'Updated',
  },
  enums: {
    ...MARKETPLACE_TEXTS.en,
    status: {
      active: 'Active',
      delisting: 'Going off sale',
      inactive: 'Inactive',
      relisting: 'Going back on sale',
      suppressed: 'Suppressed',
    },
  },
  help: {
    price: 'Once saved, the change goes to the marketplace as a price or stock feed (see Feeds)',
  },
  actions: {
    refresh: 'Refresh from the marketplace',
    delist: 'Take listings off sale',
    bulkPrice: 'Change listings’ prices',
    bulkStock: 'Change listings’ stock',
    relist: 'Put listings back on sale',
  },
  errors: {
    sandboxRefresh:
      'Only a listing made through a marketplace account is refreshed from it (sandbox listings need none)',
    delisting: 'Listing {{skus}} is going off sale: it cannot be changed until that is done',
    relisting: 'Listing {{skus}} is going back on sale: it cannot be changed until that is done',
    nothingToRelist:
      'None of the chosen listings is Inactive (or they are variation parents): nothing to put back on sale',
    relistGone: 'The goods of {{skus}} was deleted: it cannot go back on sale',
    relistNoStock:
      'The goods of {{skus}} has no stock: add stock to the goods before putting it back on sale',
    nothingToDelist:
      'The chosen listings are all off sale, going off sale, or variation parents (not sold themselves)',
    outOfRange:
      'After the change, the {{field}} of {{skus}} is out of bounds (a price above 0, a stock of 0 or more, neither above 999999)',
  },
  delist: {
    action: 'Take off sale',
    many: 'Take off sale ({{count}})',
    title: 'Take these {{count}} listings off sale?',
    content:
      'A stock of 0 goes to the marketplace as a stock feed; once it is taken the listing is Inactive and buyers cannot order it. Listings off sale or going off sale, and variation parents, are skipped.',
    done: 'Taking {{count}} listings off sale (feed {{batchNos}})',
    skipped: '{{count}} off sale, going off sale or variation parents: skipped',
  },
  relist: {
    action: 'Put back on sale',
    many: 'Put back on sale ({{count}})',
    title: 'Put these {{count}} listings back on sale?',
    content:
      'The goods’ current stock goes to the marketplace as a stock feed; once it is taken the listing is Active again. Only Inactive listings go back on sale; the others are skipped.',
    done: 'Putting {{count}} listings back on sale (feed {{batchNos}})',
    skipped: '{{count}} not Inactive or variation parents: skipped',
  },
  bulk: {
    price: 'Change prices',
    stock: 'Change stock',
    priceMany: 'Change prices ({{count}})',
    stockMany: 'Change stock ({{count}})',
    priceTitle: 'Change the price of {{count}} listings',
    stockTitle: 'Change the stock of {{count}} listings',
    mode: 'How',
    modes: { set: 'Set to', add: 'Add or take (+/−)', percent: 'By a percentage (%)' },
    value: 'Value',
    valueHelp: {
      set: 'Every chosen listing gets this value',
      add: 'Positive adds, negative takes away, e.g. -2',
      percent:
        'Positive raises, negative lowers, e.g. 10 for +10 %; prices round half up to the cent, stock to the unit',
    },
    preview: 'Preview',
    before: 'Now',
    after: 'After',
    invalid: 'Out of bounds',
    skippedDelisting: 'Going off sale: left alone',
    skippedRelisting: 'Going back on sale: left alone',
    skippedParent: 'A variation parent, with no price or stock: left alone',
    send: 'Send to the marketplace',
    done: '{{count}} listings changed: feed {{batchNos}} on its way',
    noChange: 'A change of 0 changes nothing',
  },
  family: {
    parent: 'Parent',
    child: 'Child',
    single: 'Single',
    ofParent: 'of {{sku}}',
    themes: {
      Size: 'Size',
      Color: 'Colour',
      Style: 'Style',
      Material: 'Material',
      Pattern: 'Pattern',
      Flavor: 'Flavour',
      Scent: 'Scent',
    },
    notSold: 'A parent is not sold itself: it has no price or stock of its own',
    parentTitle: 'Parent',
    childrenTitle: 'Children ({{count}})',
    noChildren: 'No children yet',
    showFamily: 'Show the whole family in the list',
    onlyParents:
      'Only variation parents are chosen: a parent is not sold and has no price or stock; choose its children',
  },
  refresh: { action: 'Refresh', queued: 'Refresh requested: the row updates shortly' },
  reasons: FEED_ERROR_TEXTS.en,
  keywordPlaceholder: 'SKU, title or listing id',
} satisfies DictionaryOf<typeof listing>;
