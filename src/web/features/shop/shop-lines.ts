import Big from 'big.js';
import type { ShopStore } from '../../../shared/shop';

export type Product = ShopStore['products'][number];
export type Line = {
  key: string;
  product: Product;
  specs: Record<string, string>;
  /** The add-ons ticked, in the product's order. */
  addons: string[];
  quantity: number;
};

/** The numbers of the orders placed from this browser, newest first. */
export const ORDERS_KEY = 'shop.orders';
/** The invite code of the partner whose link brought the customer to a store, kept for checkout. */
export const refKey = (merchantId: string) => `shop.ref.${merchantId}`;

/** The combination of a product the chosen options make, when it is sold on its own terms. */
export const skuOf = (product: Product, specs: Record<string, string>) => {
  const wanted = product.specs.map((g) => specs[g.name]);
  return product.skus.find(
    (s) => s.options.length === wanted.length && s.options.every((o, i) => o === wanted[i]),
  );
};

/**
 * A product's price with the chosen options (its combination's own, or the options' changes)
 * and the add-ons ticked. The server prices the order the same way, from its own prices.
 */
export const unitPrice = (
  product: Product,
  specs: Record<string, string>,
  addons: readonly string[] = [],
) => {
  const combination =
    skuOf(product, specs)?.price ??
    product.specs.reduce(
      (sum, g) => sum.plus(g.options.find((o) => o.name === specs[g.name])?.priceDelta ?? 0),
      new Big(product.price),
    );
  return addons
    .reduce(
      (sum, name) => sum.plus(product.addons.find((a) => a.name === name)?.price ?? 0),
      new Big(combination),
    )
    .toFixed(2);
};

/** A cart line's identity: the product, its options and its add-ons (another add-on, another line). */
export const lineKey = (product: Product, specs: Record<string, string>, addons: string[]) =>
  `${product.id}:${JSON.stringify(specs)}:${JSON.stringify(addons)}`;

/** Whether a product is added through its page: it has specs to pick, or add-ons to tick. */
export const hasChoices = (product: Product) =>
  product.specs.length > 0 || product.addons.length > 0;
