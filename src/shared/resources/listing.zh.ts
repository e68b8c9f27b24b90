import { FEED_ERROR_TEXTS } from '../feeds';
import { MARKETPLACE_TEXTS } from '../marketplace';
import { type DictionaryOf, titlesOf } from '../resource';
import { listing } from './listing';

export default {
  ...titlesOf(listing, 'zh'),
  noun: '在线商品',
  new: '',
  fields: {
    sellerSku: '卖家 SKU',
    title: '标题',
    listingId: '平台编号',
    marketplace: '平台',
    site: '站点',
    accountId: '平台账号',
    price: '售价',
    currency: '币种',
    stock: '库存',
    status: '状态',
    reason: '原因',
    reasonDetail: '平台原话',
    lastSyncAt: '最近同步',
    updatedAt: '更新时间',
  },
  enums: {
    ...MARKETPLACE_TEXTS.zh,
    status: { active: '在售', inactive: '已下架', suppressed: '被平台限制' },
  },
  help: { price: '保存后以“价格”或“库存”批次发送到平台，结果见刊登任务' },
  actions: { refresh: '从平台刷新', delist: '下架刊登' },
  errors: { sandboxRefresh: '只有经平台账号刊登的商品可以从平台刷新（沙箱刊登无需刷新）' },
  refresh: { action: '从平台刷新', queued: '已请求刷新，稍后更新' },
  reasons: FEED_ERROR_TEXTS.zh,
  keywordPlaceholder: 'SKU、标题或平台编号',
} satisfies DictionaryOf<typeof listing>;
