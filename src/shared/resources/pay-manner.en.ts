import { type DictionaryOf, titlesOf } from '../resource';
import { payManner } from './pay-manner';

export default {
  ...titlesOf(payManner, 'en'),
  noun: 'pay manner',
  new: 'New pay manner',
  fields: {
    name: 'Shown as',
    kind: 'Kind',
    enabled: 'Enabled',
    mchId: 'Merchant ID',
    appId: 'App ID',
    secret: 'Secret key',
    alipayPublicKey: 'Alipay public key',
    certSerial: 'API certificate serial number',
    apiV3Key: 'APIv3 key',
    wechatPublicKey: 'WeChat Pay public key',
    wechatPublicKeyId: 'WeChat Pay public key ID',
    sortOrder: 'Order',
  },
  rules: {
    id: 'Letters, digits, - and _ only',
    certSerial: 'A certificate serial number is hexadecimal (0-9, A-F)',
    publicKeyId: 'A public key ID looks like PUB_KEY_ID_0114…',
  },
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
    kind: 'Sandbox payment plays the whole payment flow; Alipay and WeChat Pay take real payments into your own account. Alipay: app ID, the app’s private key and Alipay’s public key. WeChat Pay (Native, a QR code): merchant ID, app ID, the API certificate’s serial number and private key, the APIv3 key, the WeChat Pay public key and its ID',
    secret:
      'Write-only: kept encrypted and not shown again; leave empty to keep it. For Alipay: the app’s private key (PEM, or the base64 Alipay’s key tool gives); for WeChat Pay: the merchant API private key (apiclient_key.pem)',
    certSerial:
      'WeChat Pay merchant platform → Account → API security: the serial number of the merchant API certificate',
    apiV3Key:
      'Write-only: kept encrypted and not shown again; leave empty to keep it. The 32-character APIv3 key set under API security',
    wechatPublicKey:
      'Merchant platform → API security → WeChat Pay public key: the downloaded pub_key.pem',
    wechatPublicKeyId: 'The public key’s ID shown beside it (PUB_KEY_ID_…)',
    alipayPublicKey:
      'From Alipay’s open platform, the app’s 开发设置 → 接口加签方式 (public-key mode): Alipay’s public key, PEM or base64',
  },
  keywordPlaceholder: 'Shown as',
  errors: {
    required: '{{kind}} needs this',
    privateKey:
      'Not an RSA private key: paste the app’s private key (PEM, or the base64 Alipay’s key tool gives)',
    publicKey:
      'Not an RSA public key: paste Alipay’s public key (PEM, or the base64 the console shows)',
    wechatPrivateKey:
      'Not an RSA private key: paste the merchant API private key (apiclient_key.pem)',
    wechatPublicKey: 'Not an RSA public key: paste the WeChat Pay public key (pub_key.pem)',
    apiV3Key: 'The APIv3 key is 32 characters',
    notifyBase:
      '{{kind}} cannot be used yet: the server has no public address for payment notifications (PAYMENT_NOTIFY_BASE)',
    notConfigured: 'This store has no {{kind}} account set up',
  },
} satisfies DictionaryOf<typeof payManner>;
