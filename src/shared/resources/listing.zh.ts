import { FEED_ERROR_TEXTS } from '../feeds';
import { MARKETPLACE_TEXTS } from '../marketplace';
import type { DictionaryOf } from '../resource';
import type { listing } from './listing';

export default {
  title: '在线商品',
  noun: '在线商品',
  new: '',
  edit: '修改价格与库存',
  fields: {
    sellerSku: '卖家 SKU',
    title: '标题',
    listingId: '平台编号',
    marketplace: '平台',
    site: '站点',
    price: '售价',
    currency: '币种',
    stock: '库存',
    status: '状态',
    reason: '原因',
    lastSyncAt: '最近同步',
    updatedAt: '更新时间',
  },
  enums: {
    ...MARKETPLACE_TEXTS.zh,
    status: { active: '在售', inactive: '已下架', suppressed: '被平台限制' },
  },
  help: { price: '保存后以“价格”或“库存”批次发送到平台，结果见刊登任务' },
  reasons: FEED_ERROR_TEXTS.zh,
  keywordPlaceholder: 'SKU、标题或平台编号',
} satisfies DictionaryOf<typeof listing>;
