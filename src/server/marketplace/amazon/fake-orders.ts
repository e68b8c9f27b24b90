import { randomBytes } from 'node:crypto';
import type { ConfirmShipmentRequest, Order, OrderItem } from '@sp-api-sdk/orders-api-v0';

/** Tests only: an order as the fake SP-API (fake-sp-api.ts) keeps it: Amazon's order and its items. */
export type FakeOrder = Order & { sellerId: string; items: OrderItem[] };

/**
 * An order placed on the seller's listings, as getOrders and getOrderItems answer it (the fields of
 * the models' sandbox examples); `asinOf` finds a listed SKU's ASIN.
 */
export function fakeOrder(
  sellerId: string,
  lines: { sku: string; title: string; quantity: number; unitPrice: string }[],
  { status, marketplaceId, currency }: { status: string; marketplaceId: string; currency: string },
  asinOf: (sku: string) => string | undefined,
): FakeOrder {
  const digits = (n: number) =>
    Array.from(randomBytes(n), (b) => String(b % 10))
      .join('')
      .replace(/^0/, '9');
  const amazonOrderId = `${digits(3)}-${digits(7)}-${digits(7)}`;
  const now = new Date().toISOString();
  const total = lines.reduce((sum, l) => sum + Number(l.unitPrice) * l.quantity, 0);
  return {
    sellerId,
    AmazonOrderId: amazonOrderId,
    PurchaseDate: now,
    LastUpdateDate: now,
    OrderStatus: status as Order['OrderStatus'],
    FulfillmentChannel: 'MFN',
    SalesChannel: 'Amazon.com',
    ShipServiceLevel: 'Std US D2D Dom',
    OrderTotal: { CurrencyCode: currency, Amount: total.toFixed(2) },
    NumberOfItemsShipped: 0,
    NumberOfItemsUnshipped: lines.reduce((sum, l) => sum + l.quantity, 0),
    PaymentMethod: 'Other',
    PaymentMethodDetails: ['Standard'],
    IsReplacementOrder: false,
    MarketplaceId: marketplaceId,
    ShipmentServiceLevelCategory: 'Standard',
    OrderType: 'StandardOrder',
    EarliestShipDate: now,
    LatestShipDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    EarliestDeliveryDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    LatestDeliveryDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    IsBusinessOrder: false,
    IsPrime: false,
    IsGlobalExpressEnabled: false,
    IsPremiumOrder: false,
    IsSoldByAB: false,
    IsIBA: false,
    IsISPU: false,
    IsAccessPointOrder: false,
    AutomatedShippingSettings: { HasAutomatedShippingSettings: false },
    ElectronicInvoiceStatus: 'NotRequired',
    // Not in the sandbox examples' orders: as the model's own getOrders example has it.
    BuyerInfo: { BuyerEmail: `${digits(8)}@marketplace.amazon.com` },
    items: lines.map((line, i) => ({
      ASIN: asinOf(line.sku) ?? 'B00000000X',
      SellerSKU: line.sku,
      OrderItemId: `${digits(14)}${i}`,
      Title: line.title,
      QuantityOrdered: line.quantity,
      QuantityShipped: 0,
      ProductInfo: { NumberOfItems: '1' },
      ItemPrice: {
        CurrencyCode: currency,
        Amount: (Number(line.unitPrice) * line.quantity).toFixed(2),
      },
      ItemTax: { CurrencyCode: currency, Amount: '0.00' },
      PromotionDiscount: { CurrencyCode: currency, Amount: '0.00' },
      // Not in the sandbox example's items: as the model's own getOrderItems example has it.
      ShippingPrice: { CurrencyCode: currency, Amount: '0.00' },
      IsGift: 'false',
      ConditionId: 'New',
      ConditionSubtypeId: 'New',
      IsTransparency: false,
      SerialNumberRequired: false,
    })),
  };
}

/** What confirmShipment refuses in a request for `order`: the fields it lacks, or an unknown item. */
export function shipmentProblem(order: FakeOrder, request: ConfirmShipmentRequest) {
  const detail = request.packageDetail;
  const missing = [
    'packageReferenceId',
    'carrierCode',
    'trackingNumber',
    'shipDate',
    'orderItems',
  ].filter((key) => !detail?.[key as keyof typeof detail]);
  if (!request.marketplaceId) missing.push('marketplaceId');
  const unknownItem = detail?.orderItems?.find(
    (line) => !order.items.some((item) => item.OrderItemId === line.orderItemId),
  );
  if (missing.length > 0 || unknownItem || detail?.orderItems?.length === 0)
    return missing.join(', ') || unknownItem?.orderItemId || 'no items';
  return undefined;
}
