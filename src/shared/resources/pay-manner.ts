import { boolean, defineResource, enumOf, integer, longText, secret, text } from '../resource';

/**
 * The ways of paying: the product's sandbox gateway, paying at the counter, the merchant's own
 * Alipay (its app id, the app's private key and Alipay's public key), and the merchant's own
 * WeChat Pay (its mchid and appid, the API certificate's serial number and private key, the APIv3
 * key, the WeChat Pay public key and its id). A storefront order is paid by one of them.
 */
export const PAY_MANNER_KINDS = ['sandbox', 'counter', 'wechat', 'alipay'] as const;
export type PayMannerKind = (typeof PAY_MANNER_KINDS)[number];
/** Kinds that need a merchant id, an app id and a secret key at their provider. */
export const PROVIDER_KINDS: readonly PayMannerKind[] = ['wechat', 'alipay'];
/** Kinds this product takes live payments with (through the merchant's own account). */
export const CONNECTED_KINDS = ['alipay', 'wechat'] as const satisfies readonly PayMannerKind[];
export type ConnectedKind = (typeof CONNECTED_KINDS)[number];
export const isConnectedKind = (kind: unknown): kind is ConnectedKind =>
  (CONNECTED_KINDS as readonly unknown[]).includes(kind);
/** Most characters of a secret: a PEM of a 4096-bit RSA private key fits. */
export const SECRET_MAX = 4096;
/** WeChat Pay's APIv3 key: exactly this many characters (bytes: it is an AES-256 key). */
export const API_V3_KEY_LENGTH = 32;
const wechatOnly = { field: 'kind', is: ['wechat'] } as const;

/**
 * How a provider's ids must read, each with why not. Checked by the server with the other parts
 * of a WeChat Pay or Alipay (missing, unreadable keys), not by the request's schema: the form then
 * marks every field that is wrong in one save, not a mistyped id first and the rest on the next.
 */
export const PROVIDER_ID_PATTERNS = {
  mchId: { regex: /^[A-Za-z0-9_-]*$/, message: 'pay-manner:rules.id' },
  appId: { regex: /^[A-Za-z0-9_-]*$/, message: 'pay-manner:rules.id' },
  certSerial: { regex: /^[0-9A-Fa-f]*$/, message: 'pay-manner:rules.certSerial' },
  wechatPublicKeyId: {
    regex: /^(PUB_KEY_ID_[A-Za-z0-9]+)?$/,
    message: 'pay-manner:rules.publicKeyId',
  },
} as const;

/**
 * /pay-manner: which ways the storefront's customers may pay, in the order dragged here (the
 * order the checkout offers them). A provider's private key (and WeChat Pay's APIv3 key) is
 * write-only and kept encrypted.
 */
export const payManner = defineResource({
  name: 'pay-manner',
  route: 'pay-manner',
  titles: {
    zh: { title: '支付方式', edit: '编辑支付方式' },
    en: { title: 'Pay manners', edit: 'Edit pay manner' },
  },
  table: 'pay_manners',
  menu: { group: '/store', icon: 'WalletOutlined', order: 2 },
  fields: {
    name: text({ required: true, max: 20, list: true }),
    kind: enumOf(PAY_MANNER_KINDS, { required: true, list: 150, filter: 'select' }),
    enabled: boolean({ default: true, list: 90, filter: 'select' }),
    mchId: text({ max: 32, list: 140 }),
    appId: text({ max: 32, list: 160 }),
    /**
     * The private key this product signs with: Alipay's app private key (PEM or the key tool's
     * base64), WeChat Pay's merchant API private key (apiclient_key.pem).
     */
    secret: secret({ max: SECRET_MAX }),
    alipayPublicKey: longText({
      max: SECRET_MAX,
      export: false,
      shownWhen: { field: 'kind', is: ['alipay'] },
    }),
    /** WeChat Pay: the serial number of the merchant's API certificate (its private key's). */
    certSerial: text({ max: 64, shownWhen: wechatOnly }),
    /** WeChat Pay's APIv3 key, which decrypts its notifications: write-only, kept encrypted. */
    apiV3Key: secret({ max: API_V3_KEY_LENGTH, shownWhen: wechatOnly }),
    /** The WeChat Pay public key (pub_key.pem): checks WeChat Pay's signatures. */
    wechatPublicKey: longText({ max: SECRET_MAX, export: false, shownWhen: wechatOnly }),
    /** Its id (PUB_KEY_ID_…), which WeChat Pay sends as Wechatpay-Serial. */
    wechatPublicKeyId: text({ max: 64, shownWhen: wechatOnly }),
    sortOrder: integer({ readOnly: true, detail: false, export: false }),
  },
  titleField: 'name',
  keyword: ['name'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export', 'order'],
  defaultSort: 'sortOrder',
  defaultOrder: 'asc',
  orderField: 'sortOrder',
});

export default payManner;
