import type { DictionaryOf } from '../resource';
import type { goodsKeywords } from './goods-keywords';

export default {
  title: '关键词库',
  noun: '关键词',
  new: '新增关键词',
  edit: '编辑关键词',
  fields: {
    name: '名称',
    marketplace: '平台',
    site: '站点',
    keywords: '搜索关键词',
    remark: '备注',
    updatedAt: '更新时间',
  },
  enums: {
    marketplace: { amazon: '亚马逊', walmart: '沃尔玛', ebay: 'eBay' },
    site: {
      US: '美国',
      CA: '加拿大',
      MX: '墨西哥',
      UK: '英国',
      DE: '德国',
      FR: '法国',
      IT: '意大利',
      ES: '西班牙',
      JP: '日本',
      AU: '澳大利亚',
    },
  },
  help: { keywords: '以空格分隔；按字节计算，一个汉字 3 字节，最多 250 字节' },
  keywordPlaceholder: '名称或关键词',
} satisfies DictionaryOf<typeof goodsKeywords>;
