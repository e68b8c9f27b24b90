import { type DictionaryOf, titlesOf } from '../resource';
import { payManner } from './pay-manner';

export default {
  ...titlesOf(payManner, 'zh'),
  noun: '支付方式',
  new: '新增支付方式',
  fields: {
    name: '显示名称',
    kind: '类型',
    enabled: '启用',
    mchId: '商户号',
    appId: 'AppID',
    secret: '密钥',
    alipayPublicKey: '支付宝公钥',
    certSerial: '商户 API 证书序列号',
    apiV3Key: 'APIv3 密钥',
    wechatPublicKey: '微信支付公钥',
    wechatPublicKeyId: '微信支付公钥 ID',
    sortOrder: '排序',
  },
  rules: {
    id: '只能包含字母、数字、- 和 _',
    certSerial: '证书序列号只含十六进制字符（0-9、A-F）',
    publicKeyId: '公钥 ID 形如 PUB_KEY_ID_0114…',
  },
  enums: {
    kind: { sandbox: '沙箱支付', counter: '到店付款', wechat: '微信支付', alipay: '支付宝' },
    enabled: { true: '启用', false: '停用' },
  },
  help: {
    name: '顾客结账时看到的名称',
    kind: '沙箱支付可直接体验完整的支付流程；支付宝、微信支付收款直接进入您自己的账户。支付宝需填写 AppID、应用私钥和支付宝公钥；微信支付（Native 扫码）需填写商户号、AppID、商户 API 证书序列号与私钥、APIv3 密钥、微信支付公钥及其 ID',
    secret:
      '只写：加密保存，不再显示；留空则保留原密钥。支付宝填写应用私钥（PEM 或支付宝密钥工具生成的 base64）；微信支付填写商户 API 私钥（apiclient_key.pem 的内容）',
    certSerial: '微信支付商户平台 → 账户中心 → API 安全 → 商户 API 证书的序列号',
    apiV3Key:
      '只写：加密保存，不再显示；留空则保留原密钥。商户平台 → API 安全中设置的 32 位 APIv3 密钥',
    wechatPublicKey: '商户平台 → API 安全 → 微信支付公钥：下载的 pub_key.pem 的内容',
    wechatPublicKeyId: '微信支付公钥旁显示的公钥 ID（PUB_KEY_ID_ 开头）',
    alipayPublicKey:
      '支付宝开放平台 → 应用 → 开发设置 → 接口加签方式（公钥模式）中的“支付宝公钥”，PEM 或 base64 均可',
  },
  keywordPlaceholder: '显示名称',
  errors: {
    required: '{{kind}}需要填写此项',
    privateKey: '不是 RSA 私钥：请粘贴应用私钥（PEM 或支付宝密钥工具生成的 base64）',
    publicKey: '不是 RSA 公钥：请粘贴支付宝公钥（PEM 或开放平台显示的 base64）',
    wechatPrivateKey: '不是 RSA 私钥：请粘贴商户 API 私钥（apiclient_key.pem 的内容）',
    wechatPublicKey: '不是 RSA 公钥：请粘贴微信支付公钥（pub_key.pem 的内容）',
    apiV3Key: 'APIv3 密钥应为 32 个字符',
    notifyBase: '暂时无法使用{{kind}}：服务器未配置支付通知的公网地址（PAYMENT_NOTIFY_BASE）',
    notConfigured: '本店尚未配置{{kind}}账户',
  },
} satisfies DictionaryOf<typeof payManner>;
