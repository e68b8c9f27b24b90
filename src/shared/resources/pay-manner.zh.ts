import type { DictionaryOf } from '../resource';
import type { payManner } from './pay-manner';

export default {
  title: '支付方式',
  noun: '支付方式',
  new: '新增支付方式',
  edit: '编辑支付方式',
  fields: {
    name: '显示名称',
    kind: '类型',
    enabled: '启用',
    mchId: '商户号',
    appId: 'AppID',
    secret: '密钥',
    sortOrder: '排序',
  },
  rules: { id: '只能包含字母、数字、- 和 _' },
  enums: {
    kind: { sandbox: '沙箱支付', counter: '到店付款', wechat: '微信支付', alipay: '支付宝' },
    enabled: { true: '启用', false: '停用' },
  },
  help: {
    name: '顾客结账时看到的名称',
    kind: '沙箱支付可直接体验完整的支付流程；微信支付、支付宝需填写商户号、AppID 和密钥',
    secret: '只写：加密保存，不再显示；留空则保留原密钥',
  },
  keywordPlaceholder: '显示名称',
  notLive: '本系统尚未接入{{kind}}的真实接口：可以保存配置，但顾客暂时无法用它付款。',
  notLiveShort: '未接入',
  errors: { required: '{{kind}}需要填写此项' },
} satisfies DictionaryOf<typeof payManner>;
