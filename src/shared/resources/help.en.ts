import { type DictionaryOf, titlesOf } from '../resource';
import { help } from './help';

export default {
  ...titlesOf(help, 'en'),
  noun: 'help article',
  new: 'New help article',
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
