import { type DictionaryOf, titlesOf } from '../resource';
import { product } from './product';

export default {
  ...titlesOf(product, 'zh'),
  noun: '店铺商品',
  new: '新增商品',
  fields: {
    name: '商品名称',
    categoryId: '分类',
    images: '商品图片',
    price: '售价（元）',
    originalPrice: '原价（元）',
    stock: '库存',
    status: '状态',
    salesCount: '销量',
    specs: '规格',
    description: '商品详情',
    updatedAt: '更新时间',
  },
  enums: { status: { off: '已下架', on: '在售' } },
  transitions: { onSale: '上架', offSale: '下架' },
  help: {
    specs: '每组规格顾客选一项，加价可为负数，但任一组合的售价不能低于 0；库存留空表示只看商品库存',
    images: '最多 9 张，第一张为主图',
    originalPrice: '高于售价时，店铺页以划线价显示',
  },
  rules: {
    originalPrice: '原价不能低于售价（¥{{price}}）；没有原价请填 0',
    negativePrice: '规格“{{options}}”使售价降到 -¥{{amount}}；任一规格组合的售价都不能低于 0',
  },
  specsEditor: {
    groupName: '规格名',
    groupPlaceholder: '如：份量、辣度',
    optionName: '选项',
    optionPlaceholder: '如：大份',
    priceDelta: '加价',
    stock: '库存',
    stockNone: '不限',
    addGroup: '添加规格',
    addOption: '添加选项',
    removeGroup: '删除规格',
    removeOption: '删除选项',
  },
  keywordPlaceholder: '商品名称',
} satisfies DictionaryOf<typeof product>;
