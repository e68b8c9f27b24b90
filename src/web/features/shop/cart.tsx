import {
  Alert,
  App as AntdApp,
  Button,
  Drawer,
  Input,
  InputNumber,
  List,
  Radio,
  Select,
  Space,
  Typography,
} from 'antd';
import Big from 'big.js';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { combineDiscounts, couponDiscountOf } from '../../../shared/coupon';
import { bestCampaign } from '../../../shared/extension';
import type { ShopCoupons, ShopMe, ShopOrder, ShopStore } from '../../../shared/shop';
import { couponWords, scopeWords } from './offer-words';
import { call, customerToken } from './shop-api';
import { type Line, lineKey, ORDERS_KEY, type Product, refKey, unitPrice } from './shop-lines';

/**
 * The customer's cart and its checkout: the lines, the pay manner, pickup or delivery, the coupon
 * and campaign weighed as the server will, and placing the order.
 */
export function useCart({
  merchantId,
  store,
  me,
  wallet,
  onPlaced,
}: {
  merchantId: string;
  store: ShopStore | null;
  me: ShopMe | null;
  wallet: ShopCoupons | null;
  /** Called with the placed order's number. */
  onPlaced(orderNo: string): void;
}) {
  const { message } = AntdApp.useApp();
  const [cart, setCart] = useState<Line[]>([]);
  // The chosen pay manner by its place in the list: two of one kind (a counter called 前台付款 and
  // one called 货到付款) are two choices, which their kind alone would not tell apart.
  const [mannerAt, setMannerAt] = useState<number | undefined>();
  // The first pay manner is chosen once the store has loaded.
  const manners = store?.payManners.length ?? 0;
  useEffect(() => setMannerAt(manners > 0 ? 0 : undefined), [manners]);
  const manner = mannerAt === undefined ? undefined : store?.payManners[mannerAt]?.kind;
  const [remark, setRemark] = useState('');
  const [mode, setMode] = useState<'pickup' | 'delivery'>('pickup');
  const [address, setAddress] = useState('');
  const [phone, setPhone] = useState('');
  // How many eat at the table (a dine-in order's; the kitchen sets out as many bowls).
  const [diners, setDiners] = useState<number | null>(null);
  const [checkout, setCheckout] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [couponId, setCouponId] = useState<number | null>(null);
  const count = cart.reduce((n, l) => n + l.quantity, 0);
  const goods = cart.reduce(
    (sum, l) => sum.plus(new Big(unitPrice(l.product, l.specs, l.addons)).times(l.quantity)),
    new Big(0),
  );
  // 打包费: per item, on an order picked up or delivered (not one eaten at its table); no
  // campaign or coupon counts it or takes it off.
  const packaging = store?.table
    ? new Big(0)
    : cart.reduce(
        (sum, l) => sum.plus(new Big(l.product.packagingFee).times(l.quantity)),
        new Big(0),
      );
  // Without a table the customer picks it up or, where the store delivers, has it brought.
  const delivering = !store?.table && store?.delivery.enabled === true && mode === 'delivery';
  // What checkout will take off (the server decides the same way, and keeps to its limits).
  const lines = cart.map((l) => ({
    productId: l.product.id,
    categoryId: l.product.categoryId,
    unitPrice: unitPrice(l.product, l.specs, l.addons),
    quantity: l.quantity,
  }));
  // A campaign limited per customer applies to a verified phone only (the server counts by it).
  const campaignOffer = bestCampaign(
    (store?.campaigns ?? []).filter((c) => me?.phone || c.perCustomerLimit === 0),
    lines,
  );
  // The customer's chosen coupon, weighed against the campaign as the server will.
  const usable = wallet?.mine.filter((c) => c.state === 'unused') ?? [];
  const picked = usable.find((c) => c.id === couponId) ?? null;
  const couponOff = picked ? couponDiscountOf(picked, lines) : '0.00';
  const split = combineDiscounts(
    goods.toFixed(2),
    campaignOffer?.discount ?? '0',
    couponOff,
    picked?.stackable ?? false,
  );
  const offer = campaignOffer && Number(split.campaign) > 0 ? campaignOffer : null;
  const paidGoods = goods.minus(split.campaign).minus(split.coupon);
  const total = (delivering && store ? paidGoods.plus(store.delivery.fee) : paidGoods)
    .plus(packaging)
    .toFixed(2);
  const belowMinimum = delivering && store !== null && goods.lt(store.delivery.minimum);
  const add = (product: Product, specs: Record<string, string>, addons: string[]) => {
    const key = lineKey(product, specs, addons);
    setCart((lines) =>
      lines.some((l) => l.key === key)
        ? lines.map((l) => (l.key === key ? { ...l, quantity: l.quantity + 1 } : l))
        : [...lines, { key, product, specs, addons, quantity: 1 }],
    );
  };
  const change = (key: string, by: number) =>
    setCart((lines) =>
      lines
        .map((l) => (l.key === key ? { ...l, quantity: l.quantity + by } : l))
        .filter((l) => l.quantity > 0),
    );
  async function place() {
    setPlacing(true);
    try {
      const order = await call<ShopOrder>(`/open/shop/${merchantId}/order`, {
        token: customerToken(),
        tableId: store?.table?.id ?? null,
        diners: store?.table ? diners : null,
        payManner: manner,
        remark,
        ref: localStorage.getItem(refKey(merchantId)) ?? '',
        couponId: picked && Number(couponOff) > 0 ? picked.id : null,
        ...(delivering ? { mode, address, contactPhone: phone } : {}),
        items: cart.map((l) => ({
          productId: l.product.id,
          quantity: l.quantity,
          specs: l.specs,
          addons: l.addons,
        })),
      });
      const mine = JSON.parse(localStorage.getItem(ORDERS_KEY) ?? '[]') as string[];
      localStorage.setItem(ORDERS_KEY, JSON.stringify([order.orderNo, ...mine].slice(0, 20)));
      setCart([]);
      setCouponId(null);
      setCheckout(false);
      onPlaced(order.orderNo);
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setPlacing(false);
    }
  }
  return {
    cart,
    count,
    total,
    packaging: packaging.toFixed(2),
    add,
    change,
    checkout,
    setCheckout,
    mannerAt,
    setMannerAt,
    manner,
    mode,
    setMode,
    delivering,
    belowMinimum,
    address,
    setAddress,
    phone,
    setPhone,
    diners,
    setDiners,
    usable,
    couponId,
    setCouponId,
    picked,
    couponOff,
    lines,
    split,
    offer,
    remark,
    setRemark,
    placing,
    place,
  };
}

export type Cart = ReturnType<typeof useCart>;

/** The checkout drawer: the cart's lines, how to pay, pickup or delivery, coupon, remark. */
export function CheckoutDrawer({ store, cart: c }: { store: ShopStore; cart: Cart }) {
  const { t } = useTranslation(['product-order', 'coupon']);
  return (
    <Drawer
      open={c.checkout}
      placement="bottom"
      height="auto"
      title={t('shop.checkout')}
      onClose={() => c.setCheckout(false)}
    >
      <List
        dataSource={c.cart}
        renderItem={(l) => (
          <List.Item
            extra={
              <Space>
                <Button size="small" onClick={() => c.change(l.key, -1)} aria-label="-">
                  −
                </Button>
                {l.quantity}
                <Button size="small" onClick={() => c.change(l.key, 1)} aria-label="+">
                  +
                </Button>
              </Space>
            }
          >
            <List.Item.Meta
              title={l.product.name}
              description={
                <>
                  {Object.values(l.specs).join(' / ')}{' '}
                  {l.addons.length > 0 && (
                    <span data-testid="cart-line-addons">
                      {l.addons
                        .map(
                          (name) =>
                            `+${name} ¥${l.product.addons.find((a) => a.name === name)?.price ?? '0.00'}`,
                        )
                        .join(' ')}
                    </span>
                  )}
                  <div>¥{unitPrice(l.product, l.specs, l.addons)}</div>
                </>
              }
            />
          </List.Item>
        )}
      />
      {store.table && (
        <Space style={{ display: 'flex', marginBottom: 12 }}>
          <Typography.Text>{t('fields.diners')}</Typography.Text>
          <InputNumber
            aria-label={t('fields.diners')}
            min={1}
            max={99}
            precision={0}
            value={c.diners}
            onChange={(value) => c.setDiners(value)}
            placeholder={t('shop.dinersOptional')}
            style={{ width: 120 }}
          />
        </Space>
      )}
      {store.payManners.length === 0 ? (
        <Alert type="warning" message={t('shop.noPayManner')} />
      ) : (
        <Radio.Group
          value={c.mannerAt}
          onChange={(e) => c.setMannerAt(e.target.value)}
          options={store.payManners.map((m, at) => ({ value: at, label: m.name }))}
        />
      )}
      {!store.table && store.delivery.enabled && (
        <div style={{ marginTop: 12 }}>
          <Radio.Group
            value={c.mode}
            onChange={(e) => c.setMode(e.target.value)}
            optionType="button"
            options={[
              { value: 'pickup', label: t('shop.pickup') },
              { value: 'delivery', label: t('shop.delivery') },
            ]}
          />
          {c.delivering && (
            <Space vertical style={{ width: '100%', marginTop: 8 }}>
              <Typography.Text type={c.belowMinimum ? 'warning' : 'secondary'}>
                {t('shop.deliveryFee', { fee: store.delivery.fee })}
                {Number(store.delivery.minimum) > 0 &&
                  ` · ${t('shop.deliveryMinimum', { amount: store.delivery.minimum })}`}
              </Typography.Text>
              <Input
                aria-label={t('shop.address')}
                placeholder={t('shop.address')}
                value={c.address}
                maxLength={200}
                onChange={(e) => c.setAddress(e.target.value)}
              />
              <Input
                aria-label={t('shop.phone')}
                placeholder={t('shop.phone')}
                value={c.phone}
                inputMode="tel"
                maxLength={11}
                onChange={(e) => c.setPhone(e.target.value.trim())}
              />
            </Space>
          )}
        </div>
      )}
      {c.usable.length > 0 && (
        <Select
          style={{ width: '100%', marginTop: 12 }}
          aria-label={t('coupon:shop.pick')}
          data-testid="shop-coupon-pick"
          value={c.couponId ?? 0}
          onChange={(value) => c.setCouponId(value || null)}
          options={[
            { value: 0, label: t('coupon:shop.none') },
            ...c.usable.map((held) => ({
              value: held.id,
              // "满 50 减 10 元 · 限分类：热菜": what it takes off, and on what.
              label: [held.name, couponWords(held), scopeWords(held, store)]
                .filter(Boolean)
                .join(' · ')
                .concat(
                  Number(couponDiscountOf(held, c.lines)) > 0 ? '' : t('coupon:shop.unusable'),
                ),
            })),
          ]}
        />
      )}
      {c.picked && Number(c.split.coupon) > 0 && (
        <Typography.Paragraph
          type="success"
          style={{ marginTop: 12 }}
          data-testid="shop-coupon-discount"
        >
          {t('coupon:shop.discount', { name: c.picked.name, amount: c.split.coupon })}
        </Typography.Paragraph>
      )}
      {c.picked && Number(c.couponOff) > 0 && Number(c.split.coupon) === 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('coupon:shop.notBetter', { name: c.picked.name })}
        </Typography.Paragraph>
      )}
      {c.offer && (
        <Typography.Paragraph type="success" style={{ marginTop: 12 }} data-testid="shop-discount">
          {t('shop.discount', { name: c.offer.campaign.name, amount: c.offer.discount })}
        </Typography.Paragraph>
      )}
      {Number(c.packaging) > 0 && (
        <div className="shop-fee-row" data-testid="shop-packaging-fee">
          <Typography.Text>{t('shop.packagingFee')}</Typography.Text>
          <Typography.Text>¥{c.packaging}</Typography.Text>
        </div>
      )}
      <Input
        style={{ marginTop: 12 }}
        placeholder={t('shop.remark')}
        value={c.remark}
        maxLength={200}
        onChange={(e) => c.setRemark(e.target.value)}
      />
      <Button
        type="primary"
        size="large"
        block
        style={{ marginTop: 12 }}
        loading={c.placing}
        disabled={!c.manner || c.cart.length === 0 || c.belowMinimum}
        onClick={() => void c.place()}
      >
        {t('shop.place', { amount: c.total })}
      </Button>
    </Drawer>
  );
}
