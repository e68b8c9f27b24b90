import { MARKETPLACE_TEXTS } from '../marketplace';
import type { DictionaryOf } from '../resource';
import type { goodsKeywords } from './goods-keywords';

export default {
  title: 'Keyword sets',
  noun: 'keyword set',
  new: 'New keyword set',
  edit: 'Edit keyword set',
  fields: {
    name: 'Name',
    marketplace: 'Marketplace',
    site: 'Site',
    keywords: 'Search terms',
    remark: 'Remark',
    updatedAt: 'Updated',
  },
  enums: {
    ...MARKETPLACE_TEXTS.en,
  },
  help: { keywords: 'Separated by spaces; counted in bytes, at most 250' },
  keywordPlaceholder: 'Name or search terms',
} satisfies DictionaryOf<typeof goodsKeywords>;
