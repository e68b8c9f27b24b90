import type { SITES } from './marketplace';
import { AMAZON_REGIONS } from './resources/marketplace-account';

/**
 * Amazon's Selling Partner API as the goods areas see it: its three regions, and the marketplace
 * (Amazon's id) of each site the product lists on, with the region that serves it.
 */
export { AMAZON_REGIONS };
export type AmazonRegion = (typeof AMAZON_REGIONS)[number];

type Site = (typeof SITES)[number];

/** Amazon's marketplace id of each site (developer-docs.amazon.com/sp-api/docs/marketplace-ids). */
export const AMAZON_MARKETPLACE_IDS: Record<Site, { id: string; region: AmazonRegion }> = {
  US: { id: 'ATVPDKIKX0DER', region: 'NA' },
  CA: { id: 'A2EUQ1WTGCTBG2', region: 'NA' },
  MX: { id: 'A1AM78C64UM0Y8', region: 'NA' },
  UK: { id: 'A1F83G8C2ARO7P', region: 'EU' },
  DE: { id: 'A1PA6795UKMFR9', region: 'EU' },
  FR: { id: 'A13V1IB3VIYZZH', region: 'EU' },
  IT: { id: 'APJ6JRA9NG5V4', region: 'EU' },
  ES: { id: 'A1RKKUPIHCS9HS', region: 'EU' },
  JP: { id: 'A1VC38T7YXB528', region: 'FE' },
  AU: { id: 'A39IBJ37TRP1C6', region: 'FE' },
};

/** The site of an Amazon marketplace id, if the product lists there. */
export function siteOfMarketplaceId(marketplaceId: string): Site | undefined {
  return (Object.entries(AMAZON_MARKETPLACE_IDS) as [Site, { id: string }][]).find(
    ([, m]) => m.id === marketplaceId,
  )?.[0];
}

/** The language Amazon's texts are sent in for a site (a listing's `language_tag`). */
export const AMAZON_LANGUAGE: Record<Site, string> = {
  US: 'en_US',
  CA: 'en_CA',
  MX: 'es_MX',
  UK: 'en_GB',
  DE: 'de_DE',
  FR: 'fr_FR',
  IT: 'it_IT',
  ES: 'es_ES',
  JP: 'ja_JP',
  AU: 'en_AU',
};
