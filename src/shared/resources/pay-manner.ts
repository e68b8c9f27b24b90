import { boolean, defineResource, enumOf, integer, longText, secret, text } from '../resource';

/**
 * The ways of paying: the product's sandbox gateway, paying at the counter, the merchant's own
 * Alipay (its app id, the app's private key and Alipay's public key), and WeChat Pay (configured
 * with the merchant's ids and key, but with no live adapter in this product).
 */
export const PAY_MANNER_KINDS = ['sandbox', 'counter', 'wechat', 'alipay'] as const;
export type PayMannerKind = (typeof PAY_MANNER_KINDS)[number];
/** Kinds that need a merchant id, an app id and a secret key at their provider. */
export const PROVIDER_KINDS: readonly PayMannerKind[] = ['wechat', 'alipay'];
/** Kinds this product takes live payments with (through the merchant's own account). */
export const CONNECTED_KINDS: readonly PayMannerKind[] = ['alipay'];
/** Most characters of a secret: a PEM of a 4096-bit RSA private key fits. */
export const SECRET_MAX = 4096;

/**
 * /pay-manner: which ways the storefront's customers may pay, in the order dragged here (the
 * order the checkout offers them). A provider's secret key is write-only and kept encrypted.
 */
export const payManner = defineResource({
  name: 'pay-manner',
  route: 'pay-manner',
  table: 'pay_manners',
  menu: { group: '/store', icon: 'WalletOutlined', order: 2 },
  fields: {
    name: text({ required: true, max: 20, list: true }),
    kind: enumOf(PAY_MANNER_KINDS, { required: true, list: 150, filter: 'select' }),
    enabled: boolean({ default: true, list: 90, filter: 'select' }),
    mchId: text({
      max: 32,
      list: 140,
      pattern: { regex: /^[A-Za-z0-9_-]*$/, message: 'pay-manner:rules.id' },
    }),
    appId: text({
      max: 32,
      list: 160,
      pattern: { regex: /^[A-Za-z0-9_-]*$/, message: 'pay-manner:rules.id' },
    }),
    /** WeChat Pay's API key; Alipay's: the app's private key (PEM or the key tool's base64). */
    secret: secret({ max: SECRET_MAX }),
    alipayPublicKey: longText({
      max: SECRET_MAX,
      export: false,
      shownWhen: { field: 'kind', is: ['alipay'] },
    }),
    sortOrder: integer({ readOnly: true, detail: false, export: false }),
  },
  titleField: 'name',
  keyword: ['name'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export', 'order'],
  defaultSort: 'sortOrder',
  defaultOrder: 'asc',
  orderField: 'sortOrder',
});
