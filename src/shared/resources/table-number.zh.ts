import { type DictionaryOf, titlesOf } from '../resource';
import { tableNumber } from './table-number';

export default {
  ...titlesOf(tableNumber, 'zh'),
  noun: '桌号',
  new: '新增桌号',
  fields: {
    area: '区域',
    name: '桌号',
    seats: '座位数',
    enabled: '启用',
    createdAt: '添加时间',
  },
  enums: { enabled: { true: '启用', false: '停用' } },
  help: { area: '如 大厅、包间、露台', name: '同一商户内不能重复，如 A01' },
  keywordPlaceholder: '桌号 / 区域',
  qr: {
    action: '二维码',
    title: '{{name}} 的点餐码',
    download: '下载',
    hint: '顾客扫码后打开本桌的点餐页',
    zip: '下载全部（ZIP）',
    pdf: '打印台卡（PDF）',
    none: '还没有桌号',
    noArea: '未分区',
    scan: '扫码点餐',
    store: '店铺二维码',
    storeHint: '不在桌边的顾客（自取、外送）扫码后打开店铺点餐页',
    poster: '下载海报（PDF）',
    posterLine: '扫码点餐 · 到店自取',
  },
} satisfies DictionaryOf<typeof tableNumber>;
