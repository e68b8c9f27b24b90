import { type DictionaryOf, titlesOf } from '../resource';
import { marketplaceAccount } from './marketplace-account';

export default {
  ...titlesOf(marketplaceAccount, 'en'),
  noun: 'marketplace account',
  new: 'Connect an account',
  fields: {
    name: 'Name',
    marketplace: 'Marketplace',
    region: 'Region',
    sellerId: 'Selling partner ID',
    refreshToken: 'Refresh token',
    marketplaceIds: 'Marketplace IDs',
    status: 'Connection',
    checkMessage: "Marketplace's answer",
    checkedAt: 'Checked',
    ordersSyncedAt: 'Orders synced to',
    createdAt: 'Added',
  },
  rules: { sellerId: 'Capital letters and digits only, e.g. A2EXAMPLE1SELLER' },
  enums: {
    marketplace: { amazon: 'Amazon' },
    region: {
      NA: 'North America (US, CA, MX)',
      EU: 'Europe (UK, DE, FR, IT, ES)',
      FE: 'Far East (JP, AU)',
    },
    status: { unchecked: 'Not checked', connected: 'Connected', failed: 'Failed' },
  },
  help: {
    sellerId: 'Seller Central → Settings → Account Info → Merchant Token',
    refreshToken:
      "The refresh token (Atzr|…) you get by authorizing the platform's application in Seller Central; write-only, kept encrypted, not shown again, leave empty to keep it",
    marketplaceIds:
      'The Marketplace ID of each site the account sells in, e.g. ATVPDKIKX0DER for the US; they must be in the region',
  },
  keywordPlaceholder: 'Name / seller ID',
  test: {
    action: 'Test connection',
    ok: 'Connected: {{message}}',
    failed: 'Connection failed: {{message}}',
  },
  importOrders: {
    action: 'Import orders',
    queued: 'Importing orders: they appear in the order list shortly',
  },
  errors: {
    tokenRequired: 'Give the refresh token',
    marketplaceIds: 'Give at least one marketplace ID',
    wrongRegion: '{{id}} is not a marketplace of the {{region}} region',
    unknownMarketplace: '{{id}} is not an Amazon site this product lists on',
    notConfigured:
      'The server has no Amazon SP-API application configured (AMAZON_LWA_CLIENT_ID / AMAZON_LWA_CLIENT_SECRET): it cannot connect to Amazon',
  },
  actions: { test: 'Test connection' },
  answers: {
    connected: 'Amazon took the authorization: seller {{sellerId}}, {{count}} marketplace(s)',
  },
} satisfies DictionaryOf<typeof marketplaceAccount>;
