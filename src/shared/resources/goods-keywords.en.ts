import { MARKETPLACE_TEXTS } from '../marketplace';
import { type DictionaryOf, titlesOf } from '../resource';
import { goodsKeywords } from './goods-keywords';

export default {
  ...titlesOf(goodsKeywords, 'en'),
  noun: 'keyword set',
  new: 'New keyword set',
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
