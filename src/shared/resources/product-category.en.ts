import { type DictionaryOf, titlesOf } from '../resource';
import { productCategory } from './product-category';

export default {
  ...titlesOf(productCategory, 'en'),
  noun: 'product category',
  new: 'New category',
  fields: {
    name: 'Name',
    icon: 'Icon',
    enabled: 'Enabled',
    sortOrder: 'Order',
    createdAt: 'Created',
  },
  enums: { enabled: { true: 'Enabled', false: 'Disabled' } },
  rules: { duplicate: 'There is already a category named “{{name}}”' },
  help: { name: 'Shown in the store page’s category bar; drag rows to order them' },
  keywordPlaceholder: 'Category name',
} satisfies DictionaryOf<typeof productCategory>;
