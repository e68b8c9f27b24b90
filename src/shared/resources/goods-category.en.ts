import { type DictionaryOf, titlesOf } from '../resource';
import { goodsCategory } from './goods-category';

export default {
  ...titlesOf(goodsCategory, 'en'),
  noun: 'category',
  new: 'New category',
  fields: {
    name: 'Name',
    parentId: 'Parent category',
    marketplaceCategory: 'Marketplace category',
    enabled: 'Status',
    sortOrder: 'Order',
    createdAt: 'Created',
  },
  enums: { enabled: { true: 'Enabled', false: 'Disabled' } },
  rules: { duplicate: 'There is already a category named “{{name}}” at this level' },
  help: {
    parentId: 'Leave empty for a top-level category; at most four levels',
    marketplaceCategory:
      'The category path used when listing on the marketplace, e.g. Home & Kitchen › Kitchen & Dining',
  },
  keywordPlaceholder: 'Name or marketplace category',
  root: '(top level)',
  addChild: 'Add sub-category',
  dragHint: 'Drag a row to reorder; drag it to the right to put it under the row it is over',
} satisfies DictionaryOf<typeof goodsCategory>;
