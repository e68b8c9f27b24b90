import { type DictionaryOf, titlesOf } from '../resource';
import { help } from './help';

export default {
  ...titlesOf(help, 'zh'),
  noun: '帮助文章',
  new: '新增帮助',
  fields: {
    title: '标题',
    body: '内容',
    sortOrder: '排序',
    published: '显示',
    updatedAt: '更新时间',
  },
  enums: { published: { true: '显示中', false: '已隐藏' } },
  keywordPlaceholder: '标题',
} satisfies DictionaryOf<typeof help>;
