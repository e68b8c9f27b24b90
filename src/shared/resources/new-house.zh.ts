import { type DictionaryOf, titlesOf } from '../resource';
import { newHouse } from './new-house';

export default {
  ...titlesOf(newHouse, 'zh'),
  noun: '楼盘',
  new: '新增楼盘',
  fields: {
    name: '楼盘名称',
    developer: '开发商',
    district: '区域',
    address: '地址',
    propertyType: '物业类型',
    priceMin: '最低单价（元/㎡）',
    priceMax: '最高单价（元/㎡）',
    openingDate: '开盘时间',
    deliveryDate: '交房日期',
    unitTypes: '户型',
    tags: '标签',
    images: '图片',
    status: '状态',
    createdAt: '登记时间',
  },
  enums: {
    propertyType: { residential: '住宅', apartment: '公寓', villa: '别墅', commercial: '商业' },
    status: { upcoming: '待开盘', onSale: '在售', soldOut: '售罄' },
  },
  transitions: { open: '开盘', sellOut: '售罄' },
  rules: {
    priceRange: '最高单价不能低于最低单价',
    deliveryBeforeOpening: '交房日期不能早于开盘时间',
  },
  unitTypesEditor: {
    layout: '户型',
    layoutPlaceholder: '如 三室两厅',
    area: '面积（㎡）',
    price: '总价（万元起）',
    image: '户型图',
    add: '添加户型',
    remove: '删除户型',
    none: '还没有户型',
    line: '{{layout}} {{area}}㎡ {{price}}万起',
  },
  keywordPlaceholder: '楼盘、开发商、区域',
} satisfies DictionaryOf<typeof newHouse>;
