import Big from 'big.js';

/** The real-estate board's enums and the one derived figure, for the server and the screens. */

export const HOUSE_STATUSES = ['onSale', 'reserved', 'sold', 'withdrawn'] as const;
export const ORIENTATIONS = [
  'south',
  'north',
  'east',
  'west',
  'southNorth',
  'eastWest',
  'southeast',
  'southwest',
  'northeast',
  'northwest',
] as const;
export const DECORATIONS = ['rough', 'simple', 'fine', 'luxury'] as const;
export const NEW_HOUSE_STATUSES = ['upcoming', 'onSale', 'soldOut'] as const;
/** The two kinds of listing /house-list searches. */
export const HOUSE_KINDS = ['secondHand', 'newHouse'] as const;
/** Every status of either kind. */
export const HOUSE_LISTING_STATUSES = [
  'onSale',
  'reserved',
  'sold',
  'withdrawn',
  'upcoming',
  'soldOut',
] as const;
export const PROPERTY_TYPES = ['residential', 'apartment', 'villa', 'commercial'] as const;

/**
 * A listing's unit price in yuan per m², from its total in 万元 and its area: rounded to the yuan
 * (as listings show it); null while either is missing or zero.
 */
export function unitPriceOf(totalWan: unknown, area: unknown): string | null {
  const total = String(totalWan ?? '');
  const size = String(area ?? '');
  if (!/^\d+(\.\d+)?$/.test(total) || !/^\d+(\.\d+)?$/.test(size)) return null;
  if (new Big(size).lte(0) || new Big(total).lte(0)) return null;
  return new Big(total).times(10_000).div(size).round(0, Big.roundHalfUp).toFixed(2);
}
