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
    kind: 'Sandbox payment plays the whole payment flow; WeChat Pay and Alipay need the merchant ID, app ID and secret key',
    secret: 'Write-only: kept encrypted and not shown again; leave empty to keep it',
  },
  keywordPlaceholder: 'Shown as',
  notLive:
    'This product has no live {{kind}} connection yet: the settings are kept, but customers cannot pay this way for now.',
  notLiveShort: 'Not connected',
  errors: { required: '{{kind}} needs this' },
} satisfies DictionaryOf<typeof payManner>;
