import { type DictionaryOf, titlesOf } from '../resource';
import { article } from './article';

export default {
  ...titlesOf(article, 'zh'),
  noun: '文章',
  new: '新增文章',
  fields: {
    articleType: '栏目',
    title: '标题',
    coverUrl: '封面图',
    summary: '摘要',
    body: '正文',
    author: '作者',
    sortOrder: '排序',
    status: '状态',
    publishedAt: '发布时间',
    views: '浏览量',
    createdAt: '创建时间',
    updatedAt: '更新时间',
  },
  enums: { status: { draft: '草稿', published: '已发布' } },
  transitions: { publish: '发布', unpublish: '撤回' },
  help: { sortOrder: '数字越大越靠前', publishedAt: '留空则在首次发布时自动填写' },
  keywordPlaceholder: '按标题搜索',
} satisfies DictionaryOf<typeof article>;
