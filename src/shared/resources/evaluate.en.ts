import type { DictionaryOf } from '../resource';
import type { evaluate } from './evaluate';

export default {
  title: 'Reviews',
  noun: 'review',
  new: '',
  edit: 'Reply to review',
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
