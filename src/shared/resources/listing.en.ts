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
    status: { active: 'Active', inactive: 'Inactive', suppressed: 'Suppressed' },
  },
  help: {
    price: 'Once saved, the change goes to the marketplace as a price or stock feed (see Feeds)',
  },
  actions: { refresh: 'Refresh from the marketplace', delist: 'Take listings off sale' },
  errors: {
    sandboxRefresh:
      'Only a listing made through a marketplace account is refreshed from it (sandbox listings need none)',
  },
  refresh: { action: 'Refresh', queued: 'Refresh requested: the row updates shortly' },
  reasons: FEED_ERROR_TEXTS.en,
  keywordPlaceholder: 'SKU, title or listing id',
} satisfies DictionaryOf<typeof listing>;
