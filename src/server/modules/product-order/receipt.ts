import { asc, eq } from 'drizzle-orm';
import { productOrderItems } from '../../db/schema';
import { storeNameOf } from '../../kit/store-name';
import type { OrderRow, Tx } from './order-records';
/** What the order's lines were, as a receipt. */
export async function receiptOf(ex: Tx, order: OrderRow) {
  const title = await storeNameOf(ex, order.merchantId);
  const items = await ex
    .select()
    .from(productOrderItems)
    .where(eq(productOrderItems.orderId, order.id))
    .orderBy(asc(productOrderItems.id));
  return {
    title,
    lines: [
      { text: `订单 ${order.orderNo}` },
      ...(order.tableName ? [{ text: `桌号 ${order.tableName}` }] : []),
      ...(order.mode === 'delivery'
        ? [{ text: `外送 ${order.address}` }, { text: `电话 ${order.contactPhone}` }]
        : order.mode === 'pickup'
          ? [{ text: '到店自取' }]
          : []),
      ...items.map((item) => ({
        text: `${item.name}${item.specsLabel ? `(${item.specsLabel})` : ''} ×${item.quantity}`,
        right: item.amount,
      })),
      ...(Number(order.discountAmount) > 0
        ? [{ text: `优惠 ${order.extensionName}`, right: `-${order.discountAmount}` }]
        : []),
      ...(Number(order.couponDiscount) > 0
        ? [{ text: `优惠券 ${order.couponName}`, right: `-${order.couponDiscount}` }]
        : []),
      ...(Number(order.deliveryFee) > 0 ? [{ text: '配送费', right: order.deliveryFee }] : []),
      ...(order.remark ? [{ text: `备注 ${order.remark}` }] : []),
    ],
    total: { label: '实付', amount: order.totalAmount },
    footer: [new Date().toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' })],
  };
}
