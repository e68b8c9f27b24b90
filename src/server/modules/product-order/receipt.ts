import Big from 'big.js';
import { asc, eq } from 'drizzle-orm';
import type { ChosenAddon } from '../../../shared/product-addons';
import { products } from '../../db/schema/product';
import { productOrderItems } from '../../db/schema/product-order';
import { storeNameOf } from '../../kit/store-name';
import type { Receipt, ReceiptPrinter } from '../../printer';
import type { OrderRow, Tx } from './order-records';

/**
 * What the order's lines were, as a receipt made for each printer (split printing): a printer
 * bound to product categories (a kitchen's, a bar's) prints only the lines of those categories,
 * headed with its own name, and nothing when the order has none of them; a printer bound to none
 * prints the whole order with its money. `reprint` marks a receipt printed again.
 */
export async function receiptsOf(
  ex: Tx,
  order: OrderRow,
  opts: { reprint?: boolean } = {},
): Promise<(printer: ReceiptPrinter) => Receipt | null> {
  const title = await storeNameOf(ex, order.merchantId);
  const items = await ex
    .select({ item: productOrderItems, categoryId: products.categoryId })
    .from(productOrderItems)
    .leftJoin(products, eq(products.id, productOrderItems.productId))
    .where(eq(productOrderItems.orderId, order.id))
    .orderBy(asc(productOrderItems.id));
  const head = [
    ...(order.pickupNo ? [{ text: `取餐号 ${order.pickupNo}` }] : []),
    { text: `订单 ${order.orderNo}` },
    ...(order.tableName ? [{ text: `桌号 ${order.tableName}` }] : []),
    ...(order.diners ? [{ text: `就餐人数 ${order.diners}` }] : []),
    ...(order.mode === 'delivery'
      ? [{ text: `外送 ${order.address}` }, { text: `电话 ${order.contactPhone}` }]
      : order.mode === 'pickup'
        ? [{ text: '到店自取' }]
        : []),
  ];
  const lineOf = ({ item }: (typeof items)[number]) => ({
    text: `${item.name}${item.specsLabel ? `(${item.specsLabel})` : ''} ×${item.quantity}`,
    right: item.amount,
  });
  // A line's add-ons under it (in its amount): +加蛋 ¥2.00 on the whole receipt, +加蛋 on a station's.
  const addonsOf = ({ item }: (typeof items)[number], priced: boolean) =>
    (item.addons as ChosenAddon[]).map((a) => ({
      text: `  +${a.name}${priced ? ` ¥${new Big(a.price).toFixed(2)}` : ''}`,
    }));
  const footer = [
    ...(opts.reprint ? ['重打小票'] : []),
    new Date().toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' }),
  ];
  return (printer) => {
    const station = printer.categoryIds.length > 0;
    if (!station)
      return {
        title,
        lines: [
          ...head,
          ...items.flatMap((i) => [lineOf(i), ...addonsOf(i, true)]),
          ...(Number(order.discountAmount) > 0
            ? [{ text: `优惠 ${order.extensionName}`, right: `-${order.discountAmount}` }]
            : []),
          ...(Number(order.couponDiscount) > 0
            ? [{ text: `优惠券 ${order.couponName}`, right: `-${order.couponDiscount}` }]
            : []),
          ...(Number(order.packagingFee) > 0
            ? [{ text: '打包费', right: order.packagingFee }]
            : []),
          ...(Number(order.deliveryFee) > 0 ? [{ text: '配送费', right: order.deliveryFee }] : []),
          ...(order.remark ? [{ text: `备注 ${order.remark}` }] : []),
        ],
        total: { label: '实付', amount: order.totalAmount },
        footer: [`打印机 ${printer.name}`, ...footer],
      };
    // A station's ticket: its lines with their quantities, no money.
    const mine = items.filter(
      (i) => i.categoryId !== null && printer.categoryIds.includes(i.categoryId),
    );
    if (mine.length === 0) return null;
    return {
      title: `${title} · ${printer.name}`,
      lines: [
        ...head,
        ...mine.flatMap((i) => [{ text: lineOf(i).text }, ...addonsOf(i, false)]),
        ...(order.remark ? [{ text: `备注 ${order.remark}` }] : []),
      ],
      footer,
    };
  };
}
