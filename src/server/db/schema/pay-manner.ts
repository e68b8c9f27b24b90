import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { PAY_MANNER_KINDS } from '../../../shared/resources/pay-manner';
import { timestamps } from './columns';
import { merchantKeys } from './merchant';

/** The ways the storefront's customers may pay (/pay-manner), in drag order. */
export const payManners = pgTable(
  'pay_manners',
  {
    ...merchantKeys(),
    name: text('name').notNull(),
    kind: text('kind', { enum: PAY_MANNER_KINDS }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    mchId: text('mch_id').notNull().default(''),
    appId: text('app_id').notNull().default(''),
    /** The provider's secret key, AES-256-GCM under PAY_SECRET_KEY (pay-manner/secret-box.ts). */
    secretEncrypted: text('secret_encrypted').notNull().default(''),
    /** Alipay's public key for the merchant's app (not secret: it checks Alipay's signatures). */
    alipayPublicKey: text('alipay_public_key').notNull().default(''),
    /** WeChat Pay: the serial number of the merchant's API certificate (`secret` is its key). */
    certSerial: text('cert_serial').notNull().default(''),
    /** WeChat Pay's APIv3 key, encrypted as `secretEncrypted` is. */
    apiV3KeyEncrypted: text('api_v3_key_encrypted').notNull().default(''),
    /** The WeChat Pay public key and its id (PUB_KEY_ID_…): they check WeChat Pay's signatures. */
    wechatPublicKey: text('wechat_public_key').notNull().default(''),
    wechatPublicKeyId: text('wechat_public_key_id').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('pay_manners_list_sort_idx').on(t.merchantId, t.sortOrder, t.id)],
);
