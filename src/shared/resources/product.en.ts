import type { DictionaryOf } from '../resource';
import type { product } from './product';

export default {
  title: 'Products',
  noun: 'product',
  new: 'New product',
  edit: 'Edit product',
  fields: {
    name: 'Name',
    categoryId: 'Category',
    images: 'Images',
    price: 'Price (yuan)',
    originalPrice: 'Original price (yuan)',
    stock: 'Stock',
    status: 'Status',
    salesCount: 'Sold',
    description: 'Description',
    updatedAt: 'Updated',
  },
  enums: { status: { off: 'Off sale', on: 'On sale' } },
  transitions: { onSale: 'Put on sale', offSale: 'Take off sale' },
  help: {
    images: 'Up to 9; the first is the main image',
    originalPrice: 'Above the price, the store page shows it struck through',
  },
  keywordPlaceholder: 'Product name',
} satisfies DictionaryOf<typeof product>;
