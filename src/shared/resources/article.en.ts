import { type DictionaryOf, titlesOf } from '../resource';
import { article } from './article';

export default {
  ...titlesOf(article, 'en'),
  noun: 'article',
  new: 'New article',
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
