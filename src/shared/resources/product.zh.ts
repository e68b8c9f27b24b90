import type { DictionaryOf } from '../resource';
import type { product } from './product';

export default {
  title: '店铺商品列表',
  noun: '店铺商品',
  new: '新增商品',
  edit: '编辑商品',
  fields: {
    name: '商品名称',
    categoryId: '分类',
    images: '商品图片',
    price: '售价（元）',
    originalPrice: '原价（元）',
    stock: '库存',
    status: '状态',
    salesCount: '销量',
    description: '商品详情',
    updatedAt: '更新时间',
  },
  enums: { status: { off: '已下架', on: '在售' } },
  transitions: { onSale: '上架', offSale: '下架' },
  help: {
    images: '最多 9 张，第一张为主图',
    originalPrice: '高于售价时，店铺页以划线价显示',
  },
  keywordPlaceholder: '商品名称',
} satisfies DictionaryOf<typeof product>;
