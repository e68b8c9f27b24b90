import { clockText } from './merchant-clock';

/** A product's sale as set by hand and by its 定时上架 / 定时下架 times. */
export interface ProductSale {
  status: 'off' | 'on' | string;
  onSaleAt: Date | string | null;
  offSaleAt: Date | string | null;
}

const time = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

/**
 * Whether a product is on sale at `now`: on by hand or past its on-sale time, and not past its
 * off-sale time. The job queue flips the status at those times; until it has, this answers what
 * it will (the storefront and checkout ask this, not the status alone).
 */
export function onSaleNow(product: ProductSale, now = new Date()): boolean {
  const on = time(product.onSaleAt);
  const off = time(product.offSaleAt);
  if (off !== null && off <= now.getTime()) return false;
  return product.status === 'on' || (on !== null && on <= now.getTime());
}

/** A scheduled time as the list's tag and checkout's message read it: `12-01 10:00`, China's clock. */
export const scheduleText = (at: Date | string) => clockText(new Date(at)).slice(5, 16);
