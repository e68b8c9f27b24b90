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
    alipayPublicKey: '支付宝公钥',
    sortOrder: '排序',
  },
  rules: { id: '只能包含字母、数字、- 和 _' },
  enums: {
    kind: { sandbox: '沙箱支付', counter: '到店付款', wechat: '微信支付', alipay: '支付宝' },
    enabled: { true: '启用', false: '停用' },
  },
  help: {
    name: '顾客结账时看到的名称',
    kind: '沙箱支付可直接体验完整的支付流程；支付宝收款直接进入您自己的支付宝账户（需填写 AppID、应用私钥和支付宝公钥）；微信支付需填写商户号、AppID 和密钥',
    secret:
      '只写：加密保存，不再显示；留空则保留原密钥。支付宝填写应用私钥（PEM 或支付宝密钥工具生成的 base64）',
    alipayPublicKey:
      '支付宝开放平台 → 应用 → 开发设置 → 接口加签方式（公钥模式）中的“支付宝公钥”，PEM 或 base64 均可',
  },
  keywordPlaceholder: '显示名称',
  notLive: '本系统尚未接入{{kind}}的真实接口：可以保存配置，但顾客暂时无法用它付款。',
  notLiveShort: '未接入',
  errors: {
    required: '{{kind}}需要填写此项',
    privateKey: '不是 RSA 私钥：请粘贴应用私钥（PEM 或支付宝密钥工具生成的 base64）',
    publicKey: '不是 RSA 公钥：请粘贴支付宝公钥（PEM 或开放平台显示的 base64）',
    notifyBase: '暂时无法使用支付宝：服务器未配置支付宝通知的公网地址（PAYMENT_NOTIFY_BASE）',
    notConfigured: '本店尚未配置支付宝账户',
  },
} satisfies DictionaryOf<typeof payManner>;
