import { type DictionaryOf, titlesOf } from '../resource';
import { job } from './job';

export default {
  ...titlesOf(job, 'zh'),
  noun: '任务',
  new: '',
  fields: {
    name: '任务',
    label: '任务名称',
    subject: '对象',
    state: '状态',
    attempts: '已尝试',
    maxAttempts: '最多尝试',
    error: '最近一次错误',
    runAt: '（下次）执行时间',
    createdAt: '创建时间',
    finishedAt: '结束时间',
  },
  enums: {
    state: { queued: '排队中', running: '执行中', done: '已完成', failed: '失败' },
  },
  transitions: { retry: '重试' },
  keywordPlaceholder: '任务、错误信息',
  rules: {
    busy: '任务 #{{id}} 排队中或执行中，不能删除',
    duplicate: '同一任务已在排队或执行，无需重试',
  },
  /** Each job's name as the merchant reads it (an unknown one shows as it is). */
  names: {
    'feeds.process': '处理 Feed',
    'product-order.timeout': '订单超时取消',
    'product-order.auto-complete': '订单自动完成',
    'product-order.auto-praise': '订单自动好评',
    'marketplace-order.paid': '平台订单付款确认',
    'marketplace-order.deliver': '平台订单送达',
    'marketplace-order.update': '同步订单到平台',
    'marketplace-order.settle': '下载并核对结算单',
    'extension.clock': '活动开始/结束',
    'cost-center.recharge-check': '充值到账查询',
    'printer.print': '打印小票',
    'mini-program.poll': '查询小程序审核进度',
    'goods-setting.rates': '更新刊登设置的每日汇率',
  },
} satisfies DictionaryOf<typeof job>;
