import type { DictionaryOf } from '../resource';
import type { payManner } from './pay-manner';

export default {
  title: 'Pay manners',
  noun: 'pay manner',
  new: 'New pay manner',
  edit: 'Edit pay manner',
  fields: {
    name: 'Shown as',
    kind: 'Kind',
    enabled: 'Enabled',
    mchId: 'Merchant ID',
    appId: 'App ID',
    secret: 'Secret key',
    alipayPublicKey: 'Alipay public key',
    sortOrder: 'Order',
  },
  rules: { id: 'Letters, digits, - and _ only' },
  enums: {
    kind: {
      sandbox: 'Sandbox payment',
      counter: 'Pay at the counter',
      wechat: 'WeChat Pay',
      alipay: 'Alipay',
    },
    enabled: { true: 'Enabled', false: 'Disabled' },
  },
  help: {
    name: 'What customers see at checkout',
    kind: 'Sandbox payment plays the whole payment flow; Alipay takes real payments into your own Alipay account (app ID, the app’s private key and Alipay’s public key); WeChat Pay needs the merchant ID, app ID and secret key',
    secret:
      'Write-only: kept encrypted and not shown again; leave empty to keep it. For Alipay: the app’s private key (PEM, or the base64 Alipay’s key tool gives)',
    alipayPublicKey:
      'From Alipay’s open platform, the app’s 开发设置 → 接口加签方式 (public-key mode): Alipay’s public key, PEM or base64',
  },
  keywordPlaceholder: 'Shown as',
  notLive:
    'This product has no live {{kind}} connection yet: the settings are kept, but customers cannot pay this way for now.',
  notLiveShort: 'Not connected',
  errors: {
    required: '{{kind}} needs this',
    privateKey:
      'Not an RSA private key: paste the app’s private key (PEM, or the base64 Alipay’s key tool gives)',
    publicKey:
      'Not an RSA public key: paste Alipay’s public key (PEM, or the base64 the console shows)',
    notifyBase:
      'Alipay cannot be used yet: the server has no public address for Alipay’s notifications (PAYMENT_NOTIFY_BASE)',
    notConfigured: 'This store has no Alipay account set up',
  },
} satisfies DictionaryOf<typeof payManner>;
