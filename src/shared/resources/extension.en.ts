import { type DictionaryOf, titlesOf } from '../resource';
import { extension } from './extension';

export default {
  ...titlesOf(extension, 'en'),
  noun: 'Campaign',
  new: 'New campaign',
  fields: {
    name: 'Name',
    kind: 'Offer',
    threshold: 'Threshold (¥)',
    value: 'Discount',
    scope: 'Applies to',
    categoryIds: 'Categories',
    productIds: 'Products',
    startAt: 'Starts',
    endAt: 'Ends',
    perCustomerLimit: 'Per customer',
    budget: 'Budget (¥)',
    status: 'Status',
    orderCount: 'Orders',
    customerCount: 'Customers',
    discountGiven: 'Discount given (¥)',
    sales: 'Sales (¥)',
    createdAt: 'Created',
  },
  enums: {
    kind: { amountOff: 'Amount off', percentOff: 'Percent off', fixedPrice: 'Fixed price' },
    scope: { all: 'Every product', categories: 'Some categories', products: 'Some products' },
    status: { draft: 'Draft', scheduled: 'Scheduled', active: 'Active', ended: 'Ended' },
  },
  transitions: { publish: 'Publish', end: 'End' },
  help: {
    threshold: 'The goods in scope must come to this much; 0 for none',
    value:
      'Amount off: yuan off; percent off: percent off (15 = 15% off); fixed price: yuan a unit',
    categoryIds: 'One or more categories: their products are in scope',
    productIds: 'One or more products, found by name',
    perCustomerLimit: 'How many orders of one customer it applies to; 0 for no limit',
    budget: 'It ends when its discounts reach this; 0 for no limit',
  },
  rules: {
    period: 'The end must come after the start',
    percent: 'A percentage is between 0.01 and 99.99',
    overThreshold:
      '¥{{value}} off over ¥{{threshold}}: the amount off must be less than the threshold',
    inUse: 'Campaign “{{name}}” has orders and cannot be deleted; end it instead',
    categories: 'Choose at least one category',
    products: 'Choose at least one product',
  },
  keywordPlaceholder: 'Name',
  share: 'Share',
  shareTitle: 'Share “{{name}}”',
  shareHint: 'Customers scan or open the link to enter the store; checkout applies the offer',
  download: 'Download code',
  poster: 'Download poster',
  /** What an offer applies to, in the storefront (a scope of all says nothing). */
  scopeText: {
    categories: 'On {{names}}',
    products: 'On {{names}}',
  },
  offerText: {
    amountOff: '¥{{value}} off over ¥{{threshold}}',
    amountOffFree: '¥{{value}} off',
    percentOff: '{{percent}}% off over ¥{{threshold}}',
    percentOffFree: '{{percent}}% off',
    fixedPrice: '¥{{value}} each',
  },
} satisfies DictionaryOf<typeof extension>;
