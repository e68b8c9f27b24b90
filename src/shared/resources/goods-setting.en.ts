import { MARKETPLACE_TEXTS } from '../marketplace';
import { type DictionaryOf, titlesOf } from '../resource';
import { goodsSetting } from './goods-setting';

export default {
  ...titlesOf(goodsSetting, 'en'),
  noun: 'listing setting',
  new: 'New listing setting',
  fields: {
    name: 'Name',
    marketplace: 'Marketplace',
    site: 'Site',
    currency: 'Currency',
    exchangeRate: 'Exchange rate (yuan)',
    markupPercent: 'Markup (%)',
    fixedFee: 'Fixed fee (yuan)',
    endIn99: 'Prices end in .99',
    handlingDays: 'Handling days',
    defaultStock: 'Default stock',
    accountId: 'Marketplace account',
    productType: 'Product type',
    rateFetchedAt: 'Rate fetched',
    updatedAt: 'Updated',
  },
  enums: {
    ...MARKETPLACE_TEXTS.en,
    currency: {
      USD: 'USD',
      CAD: 'CAD',
      MXN: 'MXN',
      GBP: 'GBP',
      EUR: 'EUR',
      JPY: 'JPY',
      AUD: 'AUD',
    },
  },
  rules: { productType: 'Capital letters, digits and _ only' },
  actions: { fetchRate: 'Fetch the exchange rate' },
  errors: {
    rateUnavailable:
      'The rate source has no {{currency}} rate just now: try again later or type the rate',
  },
  rate: {
    fetch: 'Fetch rate',
    fetchMany: 'Fetch rate ({{count}})',
    title: 'Fetch today’s exchange rate for these {{count}} listing settings?',
    content:
      'Today’s rate replaces the current one and is kept up to date every day; a rate typed by hand is no longer updated.',
    done: 'Today’s rates fetched: {{rates}}',
    filled: 'Today’s {{currency}} rate {{rate}} ({{day}}); once saved it is updated every day',
    typed: 'Typed by hand',
    auto: 'Daily',
  },
  help: {
    accountId:
      'Feeds sent with this setting go to Amazon through this account; none: to the sandbox marketplace',
    productType: "Amazon's product type, e.g. PRODUCT, LUGGAGE, SHOES",
    exchangeRate: 'Yuan for one unit of the currency, e.g. 7.2000 for USD',
    markupPercent: 'Price = (cost × (1 + markup) + fixed fee) ÷ exchange rate',
  },
  example: {
    title: 'Worked example',
    cost: 'Cost (yuan)',
    price: 'Price',
    none: 'Shown once the exchange rate is set',
  },
  keywordPlaceholder: 'Name',
} satisfies DictionaryOf<typeof goodsSetting>;
