import { type DictionaryOf, titlesOf } from '../resource';
import { product } from './product';

export default {
  ...titlesOf(product, 'en'),
  noun: 'product',
  new: 'New product',
  fields: {
    name: 'Name',
    categoryId: 'Category',
    images: 'Images',
    price: 'Price (yuan)',
    originalPrice: 'Original price (yuan)',
    stock: 'Stock',
    status: 'Status',
    salesCount: 'Sold',
    specs: 'Specs',
    skus: 'Combinations',
    addons: 'Add-ons',
    addonsMax: 'Most add-ons chosen',
    packagingFee: 'Packaging fee (yuan per item)',
    description: 'Description',
    updatedAt: 'Updated',
  },
  enums: { status: { off: 'Off sale', on: 'On sale' } },
  transitions: { onSale: 'Put on sale', offSale: 'Take off sale' },
  help: {
    skus: 'Each combination of specs may have its own price, stock and SKU code; an empty price is the product price plus the options’ changes, an empty stock is not counted',
    specs:
      "The customer picks one option of each group; a price change may be negative, but no choice may cost less than 0; empty stock: only the product's stock counts",
    images: 'Up to 9; the first is the main image',
    addons:
      'The customer may tick several; each adds its price to the unit price; add-ons have no stock',
    addonsMax: 'How many add-ons a customer may tick; 0 for any number',
    packagingFee:
      'Per item, charged on pickup and delivery orders, not dine-in; not counted toward discount thresholds',
    originalPrice: 'Above the price, the store page shows it struck through',
  },
  rules: {
    addonName: 'An add-on needs a name',
    addonPrice: 'An add-on’s price is an amount of at least 0, with at most two decimals',
    addonsMax: 'At most {{max}} add-ons',
    addonUnique: 'The add-on “{{name}}” is there twice; a product’s add-ons have different names',
    skuOptions:
      'The combination “{{combination}}” is not among the specs; generate the combinations again',
    originalPrice: 'The original price may not be below the price (¥{{price}}); 0 for none',
    negativePrice:
      'The options “{{options}}” bring the price down to -¥{{amount}}; no choice of options may cost less than 0',
  },
  specsEditor: {
    combination: 'Combination',
    skuPrice: 'Price',
    skuPricePlaceholder: '¥{{price}}',
    skuCode: 'SKU code',
    skuHint: 'Add specs and their options: each combination is listed here',
    groupName: 'Spec',
    groupPlaceholder: 'e.g. size, spiciness',
    optionName: 'Option',
    optionPlaceholder: 'e.g. large',
    priceDelta: 'Price +',
    stock: 'Stock',
    stockNone: 'Any',
    addGroup: 'Add a spec',
    addOption: 'Add an option',
    removeGroup: 'Remove the spec',
    removeOption: 'Remove the option',
    addonName: 'Add-on name',
    addonPlaceholder: 'e.g. extra egg',
    addonPrice: 'Price +',
    addAddon: 'Add an add-on',
    removeAddon: 'Remove the add-on',
  },
  keywordPlaceholder: 'Product name',
} satisfies DictionaryOf<typeof product>;
