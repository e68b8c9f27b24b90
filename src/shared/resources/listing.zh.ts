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
    status: { active: '在售', delisting: '下架中', inactive: '已下架', suppressed: '被平台限制' },
  },
  help: { price: '保存后以“价格”或“库存”批次发送到平台，结果见刊登任务' },
  actions: {
    refresh: '从平台刷新',
    delist: '下架刊登',
    bulkPrice: '批量改价',
    bulkStock: '批量改库存',
  },
  errors: {
    sandboxRefresh: '只有经平台账号刊登的商品可以从平台刷新（沙箱刊登无需刷新）',
    delisting: '刊登 {{skus}} 正在下架，下架完成前不能修改',
    nothingToDelist: '所选刊登都已下架、正在下架，或是变体父体（不单独销售）',
    outOfRange:
      '改后 {{skus}} 的{{field}}超出范围（售价须大于 0，库存不能小于 0，均不超过 999999）',
  },
  delist: {
    action: '下架',
    many: '下架（{{count}}）',
    title: '下架这 {{count}} 个刊登？',
    content:
      '将以“库存”批次把库存 0 发送到平台，平台处理后状态变为“已下架”，买家不能再下单。已下架、正在下架的和变体父体会跳过。',
    done: '已提交下架 {{count}} 个刊登（批次 {{batchNos}}）',
    skipped: '{{count}} 个已下架、正在下架或是变体父体，已跳过',
  },
  bulk: {
    price: '批量改价',
    stock: '批量改库存',
    priceMany: '批量改价（{{count}}）',
    stockMany: '批量改库存（{{count}}）',
    priceTitle: '批量修改 {{count}} 个刊登的售价',
    stockTitle: '批量修改 {{count}} 个刊登的库存',
    mode: '方式',
    modes: { set: '改为', add: '增减（+/−）', percent: '按百分比增减（%）' },
    value: '数值',
    valueHelp: {
      set: '所有所选刊登改为这个值',
      add: '正数增加，负数减少，例如 -2',
      percent: '正数上调，负数下调，例如 10 表示 +10%；售价四舍五入到分，库存到个',
    },
    preview: '预览',
    before: '现在',
    after: '改后',
    invalid: '超出范围',
    skippedDelisting: '下架中，不修改',
    skippedParent: '变体父体，无售价库存，不修改',
    send: '发送到平台',
    done: '已修改 {{count}} 个刊登，批次 {{batchNos}} 发送中',
    noChange: '增减不能为 0',
  },
  refresh: { action: '从平台刷新', queued: '已请求刷新，稍后更新' },
  reasons: FEED_ERROR_TEXTS.zh,
  keywordPlaceholder: 'SKU、标题或平台编号',
} satisfies DictionaryOf<typeof listing>;
