import { datetime, defineResource, enumOf, secret, tags, text } from '../resource';

/** Amazon's three SP-API regions: North America, Europe, the Far East. */
export const AMAZON_REGIONS = ['NA', 'EU', 'FE'] as const;
/** Marketplaces a seller account connects to (only Amazon's Selling Partner API so far). */
export const ACCOUNT_MARKETPLACES = ['amazon'] as const;
export const ACCOUNT_STATUSES = ['unchecked', 'connected', 'failed'] as const;
/** A refresh token of Login with Amazon: `Atzr|…`, a few hundred characters. */
export const REFRESH_TOKEN_MAX = 2048;

/**
 * /marketplace-account: the merchant's own seller accounts on a marketplace. An Amazon account is
 * its region, its selling partner id, the refresh token of the authorization the seller gave the
 * platform's SP-API application (write-only, kept encrypted as pay manners' keys are) and the
 * marketplaces it sells in. A listing setting that names an account sends its feeds through it;
 * one without sends them to the sandbox. "Test connection" asks Amazon and keeps what it said.
 */
export const marketplaceAccount = defineResource({
  name: 'marketplace-account',
  route: 'marketplace-account',
  titles: {
    zh: { title: '平台账号', edit: '编辑平台账号' },
    en: { title: 'Marketplace accounts', edit: 'Edit marketplace account' },
  },
  table: 'marketplace_accounts',
  menu: { group: '/goods', icon: 'ApiOutlined', order: 7 },
  fields: {
    name: text({ required: true, max: 64, list: true }),
    marketplace: enumOf(ACCOUNT_MARKETPLACES, { default: 'amazon', list: 90, filter: 'select' }),
    region: enumOf(AMAZON_REGIONS, { required: true, list: 90, filter: 'select' }),
    sellerId: text({
      required: true,
      max: 32,
      unique: true,
      list: 160,
      pattern: { regex: /^[A-Z0-9]*$/, message: 'marketplace-account:rules.sellerId' },
    }),
    refreshToken: secret({ required: true, max: REFRESH_TOKEN_MAX }),
    marketplaceIds: tags({ max: 20, itemMax: 20, list: 200 }),
    status: enumOf(ACCOUNT_STATUSES, { readOnly: true, list: 100, filter: 'select' }),
    checkMessage: text({ readOnly: true, list: 220 }),
    checkedAt: datetime({ readOnly: true, list: 160 }),
    ordersSyncedAt: datetime({ readOnly: true }),
    createdAt: datetime({ readOnly: true, sortable: true }),
  },
  titleField: 'name',
  keyword: ['name', 'sellerId'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export'],
  defaultSort: 'createdAt',
});

export default marketplaceAccount;
