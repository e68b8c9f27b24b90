import { type DictionaryOf, titlesOf } from '../resource';
import { customer } from './customer';

export default {
  ...titlesOf(customer, 'zh'),
  noun: '客户',
  new: '新增客户',
  fields: {
    name: '姓名',
    phone: '手机号',
    gender: '性别',
    source: '来源',
    tags: '标签',
    orderCount: '订单数',
    totalSpent: '消费总额',
    registeredAt: '注册时间',
    lastActiveAt: '最近活跃',
    remark: '备注',
  },
  enums: {
    gender: { male: '男', female: '女', unknown: '未知' },
    source: {
      store: '门店',
      'mini-program': '小程序',
      wechat: '公众号',
      referral: '推荐',
      import: '导入',
      other: '其他',
    },
  },
  keywordPlaceholder: '姓名或手机号',
} satisfies DictionaryOf<typeof customer>;
