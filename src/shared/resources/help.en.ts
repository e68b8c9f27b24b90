import type { DictionaryOf } from '../resource';
import type { help } from './help';

export default {
  title: 'Help centre',
  noun: 'help article',
  new: 'New help article',
  edit: 'Edit help article',
  fields: {
    title: 'Title',
    body: 'Content',
    sortOrder: 'Order',
    published: 'Shown',
    updatedAt: 'Updated',
  },
  enums: { published: { true: 'Shown', false: 'Hidden' } },
  keywordPlaceholder: 'Title',
} satisfies DictionaryOf<typeof help>;
