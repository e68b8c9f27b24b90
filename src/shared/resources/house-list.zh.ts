import { type DictionaryOf, titlesOf } from '../resource';
import { houseList } from './house-list';

export default {
  ...titlesOf(houseList, 'zh'),
  noun: '房源',
  new: '',
  fields: {
    title: '房源',
    kind: '类型',
    district: '区域',
    community: '小区 / 开发商',
    totalPrice: '总价（万元）',
    unitPrice: '单价（元/㎡）',
    area: '面积（㎡）',
    rooms: '室',
    status: '状态',
    brokerId: '经纪人',
    sourceId: '编号',
    createdAt: '登记时间',
  },
  enums: {
    kind: { secondHand: '二手房', newHouse: '新房' },
    status: {
      onSale: '在售',
      reserved: '已预订',
      sold: '已成交',
      withdrawn: '已下架',
      upcoming: '待开盘',
      soldOut: '售罄',
    },
  },
  keywordPlaceholder: '房源、区域、小区',
  open: '打开',
} satisfies DictionaryOf<typeof houseList>;
