import { MARKETPLACE_TEXTS } from '../marketplace';
import { type DictionaryOf, titlesOf } from '../resource';
import { goodsKeywords } from './goods-keywords';

export default {
  ...titlesOf(goodsKeywords, 'zh'),
  noun: '关键词',
  new: '新增关键词',
  fields: {
    name: '名称',
    marketplace: '平台',
    site: '站点',
    keywords: '搜索关键词',
    remark: '备注',
    updatedAt: '更新时间',
  },
  enums: {
    ...MARKETPLACE_TEXTS.zh,
  },
  help: { keywords: '以空格分隔；按字节计算，一个汉字 3 字节，最多 250 字节' },
  keywordPlaceholder: '名称或关键词',
} satisfies DictionaryOf<typeof goodsKeywords>;
