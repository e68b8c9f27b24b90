/** The marketplaces and sites goods are listed on: one list for every goods area. */
export const MARKETPLACES = ['amazon', 'walmart', 'ebay'] as const;
export const SITES = ['US', 'CA', 'MX', 'UK', 'DE', 'FR', 'IT', 'ES', 'JP', 'AU'] as const;

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
