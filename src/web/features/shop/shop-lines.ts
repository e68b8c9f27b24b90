import Big from 'big.js';
import type { ShopStore } from '../../../shared/shop';

export type Product = ShopStore['products'][number];
export type Line = {
  key: string;
  product: Product;
  specs: Record<string, string>;
  quantity: number;
};

/** The numbers of the orders placed from this browser, newest first. */
export const ORDERS_KEY = 'shop.orders';
/** The invite code of the partner whose link brought the customer to a store, kept for checkout. */
export const refKey = (merchantId: string) => `shop.ref.${merchantId}`;

/** A product's price with the chosen options' price changes. */
export const unitPrice = (product: Product, specs: Record<string, string>) =>
  product.specs
    .reduce(
      (sum, g) => sum.plus(g.options.find((o) => o.name === specs[g.name])?.priceDelta ?? 0),
      new Big(product.price),
    )
    .toFixed(2);
