import { type DictionaryOf, titlesOf } from '../resource';
import { evaluate } from './evaluate';

export default {
  ...titlesOf(evaluate, 'en'),
  noun: 'review',
  new: '',
  fields: {
    orderNo: 'Order no.',
    itemsSummary: 'Items',
    rating: 'Rating',
    content: 'Review',
    images: 'Photos',
    reply: 'Reply',
    visible: 'Shown in store',
    auto: 'Automatic',
    createdAt: 'Rated',
    repliedAt: 'Replied',
  },
  enums: {
    visible: { true: 'Shown', false: 'Hidden' },
    auto: { true: 'Yes', false: 'No' },
  },
  keywordPlaceholder: 'Order no., review',
} satisfies DictionaryOf<typeof evaluate>;
