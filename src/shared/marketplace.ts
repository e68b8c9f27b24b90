/** The marketplaces and sites goods are listed on: one list for every goods area. */
export const MARKETPLACES = ['amazon', 'walmart', 'ebay'] as const;
export const SITES = ['US', 'CA', 'MX', 'UK', 'DE', 'FR', 'IT', 'ES', 'JP', 'AU'] as const;
export type Site = (typeof SITES)[number];

/** The currencies the sites sell in. */
export const CURRENCIES = ['USD', 'CAD', 'MXN', 'GBP', 'EUR', 'JPY', 'AUD'] as const;

/** Each site's currency: a listing setting's and a listing's follow their site's. */
export const SITE_CURRENCY: Record<Site, (typeof CURRENCIES)[number]> = {
  US: 'USD',
  CA: 'CAD',
  MX: 'MXN',
  UK: 'GBP',
  DE: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  JP: 'JPY',
  AU: 'AUD',
};

/** A site's currency (USD for a site not known). */
export const currencyOfSite = (site: string) => SITE_CURRENCY[site as Site] ?? 'USD';

/** Their names in each language, for the goods areas' dictionaries. */
export const MARKETPLACE_TEXTS = {
  zh: {
    marketplace: { amazon: '亚马逊', walmart: '沃尔玛', ebay: 'eBay' },
    site: {
      US: '美国',
      CA: '加拿大',
      MX: '墨西哥',
      UK: '英国',
      DE: '德国',
      FR: '法国',
      IT: '意大利',
      ES: '西班牙',
      JP: '日本',
      AU: '澳大利亚',
    },
  },
  en: {
    marketplace: { amazon: 'Amazon', walmart: 'Walmart', ebay: 'eBay' },
    site: {
      US: 'United States',
      CA: 'Canada',
      MX: 'Mexico',
      UK: 'United Kingdom',
      DE: 'Germany',
      FR: 'France',
      IT: 'Italy',
      ES: 'Spain',
      JP: 'Japan',
      AU: 'Australia',
    },
  },
} as const;
