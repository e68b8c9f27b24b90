import { MARKETPLACE_TEXTS } from '../marketplace';
import { type DictionaryOf, titlesOf } from '../resource';
import { goodsSetting } from './goods-setting';

export default {
  ...titlesOf(goodsSetting, 'zh'),
  noun: '刊登设置',
  new: '新增刊登设置',
  fields: {
    name: '名称',
    marketplace: '平台',
    site: '站点',
    currency: '币种',
    exchangeRate: '汇率（元）',
    markupPercent: '加价率（%）',
    fixedFee: '固定费用（元）',
    endIn99: '价格以 .99 结尾',
    handlingDays: '备货天数',
    defaultStock: '默认库存',
    accountId: '平台账号',
    productType: '商品类型（Product Type）',
    rateFetchedAt: '汇率获取时间',
    updatedAt: '更新时间',
  },
  enums: {
    ...MARKETPLACE_TEXTS.zh,
    currency: {
      USD: '美元 USD',
      CAD: '加元 CAD',
      MXN: '墨西哥比索 MXN',
      GBP: '英镑 GBP',
      EUR: '欧元 EUR',
      JPY: '日元 JPY',
      AUD: '澳元 AUD',
    },
  },
  rules: { productType: '只能包含大写字母、数字和 _' },
  actions: { fetchRate: '获取汇率' },
  errors: { rateUnavailable: '汇率来源暂时取不到 {{currency}} 的汇率，请稍后再试或手动填写' },
  rate: {
    fetch: '获取汇率',
    fetchMany: '获取汇率（{{count}}）',
    title: '为这 {{count}} 个刊登设置获取今日汇率？',
    content: '将用今日汇率覆盖现有汇率，之后每天自动更新；手动修改汇率后不再自动更新。',
    done: '已获取今日汇率：{{rates}}',
    filled: '今日 {{currency}} 汇率 {{rate}}（{{day}}），保存后每天自动更新',
    typed: '手动填写',
    auto: '每日自动',
  },
  help: {
    accountId: '选择后，用此设置发送的刊登经该账号发到亚马逊；不选则发到沙箱平台',
    productType: '亚马逊的商品类型，如 PRODUCT、LUGGAGE、SHOES',
    exchangeRate: '1 个单位外币折合多少元，如美元 7.2000',
    markupPercent: '售价 =（成本 ×（1 + 加价率）+ 固定费用）÷ 汇率',
  },
  example: {
    title: '试算',
    cost: '成本（元）',
    price: '售价',
    none: '填写汇率后显示',
  },
  keywordPlaceholder: '名称',
} satisfies DictionaryOf<typeof goodsSetting>;
