import { type DictionaryOf, titlesOf } from '../resource';
import { evaluate } from './evaluate';

export default {
  ...titlesOf(evaluate, 'zh'),
  noun: '评价',
  new: '',
  fields: {
    orderNo: '订单号',
    itemsSummary: '商品',
    rating: '评分',
    content: '评价内容',
    images: '晒图',
    reply: '商家回复',
    visible: '店铺展示',
    auto: '自动好评',
    createdAt: '评价时间',
    repliedAt: '回复时间',
  },
  enums: {
    visible: { true: '展示', false: '隐藏' },
    auto: { true: '是', false: '否' },
  },
  keywordPlaceholder: '订单号、评价内容',
} satisfies DictionaryOf<typeof evaluate>;
