import type { DictionaryOf } from '../resource';
import type { productCategory } from './product-category';

export default {
  title: 'Product categories',
  noun: 'product category',
  new: 'New category',
  edit: 'Edit category',
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
