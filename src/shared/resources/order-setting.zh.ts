import { type DictionaryOf, titlesOf } from '../resource';
import { orderSetting } from './order-setting';

export default {
  ...titlesOf(orderSetting, 'zh'),
  noun: '订单设置',
  new: '',
  fields: {
    unpaidTimeoutMinutes: '未付款自动取消（分钟）',
    autoCompleteDays: '自动完成（天）',
    autoPraiseDays: '自动好评（天）',
    refundWindowDays: '可申请退款（天）',
    autoAccept: '付款后自动接单',
    newOrderSound: '新订单提示音',
    deliveryEnabled: '提供外送',
    deliveryFee: '配送费（元）',
    deliveryMinimum: '起送金额（元）',
    updatedAt: '更新时间',
  },
  enums: {
    autoAccept: { true: '开启', false: '关闭' },
    newOrderSound: { true: '开启', false: '关闭' },
    deliveryEnabled: { true: '开启', false: '关闭' },
  },
  help: {
    unpaidTimeoutMinutes: '下单后这么久仍未付款，订单自动取消、库存退回（5–1440 分钟）',
    autoCompleteDays: '送达或出餐后这么多天，订单自动完成',
    autoPraiseDays: '完成后这么多天未评价，自动给出好评',
    refundWindowDays: '完成后这么多天内，顾客可申请退款；0 表示完成后不能再申请',
    deliveryFee: '外送订单加收的费用，计入实付金额',
    deliveryMinimum: '商品金额达到此数才能外送；0 表示不限',
  },
} satisfies DictionaryOf<typeof orderSetting>;
