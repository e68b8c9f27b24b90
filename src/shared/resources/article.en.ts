import type { DictionaryOf } from '../resource';
import type { article } from './article';

export default {
  title: 'Articles',
  noun: 'article',
  new: 'New article',
  edit: 'Edit article',
  fields: {
    articleType: 'Column',
    title: 'Title',
    coverUrl: 'Cover',
    summary: 'Summary',
    body: 'Body',
    author: 'Author',
    sortOrder: 'Order',
    status: 'Status',
    publishedAt: 'Published',
    views: 'Views',
    createdAt: 'Created',
    updatedAt: 'Updated',
  },
  enums: { status: { draft: 'Draft', published: 'Published' } },
  transitions: { publish: 'Publish', unpublish: 'Unpublish' },
  help: {
    sortOrder: 'Higher numbers come first',
    publishedAt: 'Left blank, it is set when the article is first published',
  },
  keywordPlaceholder: 'Search by title',
} satisfies DictionaryOf<typeof article>;
