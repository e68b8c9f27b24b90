import {
  Alert,
  App as AntdApp,
  Badge,
  Button,
  Card,
  Carousel,
  Drawer,
  Empty,
  Input,
  List,
  QRCode,
  Radio,
  Rate,
  Result,
  Select,
  Space,
  Spin,
  Steps,
  Tag,
  Typography,
} from 'antd';
import Big from 'big.js';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { combineDiscounts, couponDiscountOf } from '../../../shared/coupon';
import { bestCampaign, offerWords, type PromotionScopeTerms } from '../../../shared/extension';
import { formatPriceDelta } from '../../../shared/format';
import { parseLink } from '../../../shared/link';
import { EVALUATION_PHOTOS_MAX } from '../../../shared/product-order';
import type { ShopCoupons, ShopMe, ShopOrder, ShopStore } from '../../../shared/shop';
import { AntdProvider } from '../../app/antd-provider';
import { loadDictionaries } from '../../i18n';
import { call, customerToken, ShopError } from './shop-api';
import { useShopCustomer, VerifyDrawer, VerifyPhone } from './verify-phone';
import './shop-page.css';

type Product = ShopStore['products'][number];
type Line = { key: string; product: Product; specs: Record<string, string>; quantity: number };

const ORDERS_KEY = 'shop.orders';
/** The invite code of the partner whose link brought the customer to a store, kept for checkout. */
const refKey = (merchantId: string) => `shop.ref.${merchantId}`;

const unitPrice = (product: Product, specs: Record<string, string>) =>
  product.specs
    .reduce(
      (sum, g) => sum.plus(g.options.find((o) => o.name === specs[g.name])?.priceDelta ?? 0),
      new Big(product.price),
    )
    .toFixed(2);

/** Picks one option of each spec of a product, then adds it to the cart. */
function SpecsPicker({
  product,
  onAdd,
  onClose,
}: {
  product: Product | null;
  onAdd(specs: Record<string, string>): void;
  onClose(): void;
}) {
  const { t } = useTranslation('product-order');
  const [specs, setSpecs] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!product) return;
    setSpecs(
      Object.fromEntries(
        product.specs.map((g) => [g.name, g.options.find((o) => !o.soldOut)?.name ?? '']),
      ),
    );
  }, [product]);
  if (!product) return null;
  const complete = product.specs.every((g) => specs[g.name]);
  return (
    <Drawer open placement="bottom" height="auto" title={product.name} onClose={onClose}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {product.specs.map((group) => (
          <div key={group.name}>
            <Typography.Text strong>{group.name}</Typography.Text>
            <div>
              <Radio.Group
                optionType="button"
                value={specs[group.name]}
                onChange={(e) => setSpecs({ ...specs, [group.name]: e.target.value })}
                options={group.options.map((o) => ({
                  value: o.name,
                  disabled: o.soldOut,
                  label: `${o.name}${Number(o.priceDelta) ? ` ${formatPriceDelta(o.priceDelta)}` : ''}`,
                }))}
              />
            </div>
          </div>
        ))}
        <Button type="primary" block disabled={!complete} onClick={() => onAdd(specs)}>
          {t('shop.add')} · ¥{unitPrice(product, specs)}
        </Button>
      </Space>
    </Drawer>
  );
}

/** The steps an order shows: a delivered one goes out for delivery, any other is made ready. */
const stepsOf = (mode: ShopOrder['mode']) =>
  [
    'unpaid',
    'paid',
    'accepted',
    mode === 'delivery' ? 'delivering' : 'ready',
    'completed',
  ] as const;

/** The customer's order: its state, pay, cancel, ask for a refund, rate. */
function OrderView({
  merchantId,
  orderNo,
  onBack,
}: {
  merchantId: string;
  orderNo: string;
  onBack(): void;
}) {
  const { t } = useTranslation('product-order');
  const { message } = AntdApp.useApp();
  const [order, setOrder] = useState<ShopOrder | null>(null);
  const [error, setError] = useState('');
  const [reason, setReason] = useState('');
  const [rating, setRating] = useState(5);
  const [words, setWords] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const base = `/open/shop/${merchantId}/order`;
  const ref = useMemo(() => ({ token: customerToken(), orderNo }), [orderNo]);
  const load = useCallback(
    () =>
      call<ShopOrder>(`${base}/detail`, ref)
        .then(setOrder)
        .catch((e: Error) => setError(e.message)),
    [base, ref],
  );
  useEffect(() => {
    void load();
    // Followed every two seconds: paid, accepted, ready arrive by themselves.
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [load]);
  /** Uploads the chosen photos one by one (the order's number and token go first). */
  async function addPhotos(files: File[]) {
    setUploading(true);
    try {
      for (const file of files.slice(0, EVALUATION_PHOTOS_MAX - photos.length)) {
        const form = new FormData();
        form.append('token', ref.token);
        form.append('orderNo', ref.orderNo);
        form.append('file', file);
        const { url } = await call<{ url: string }>(`${base}/photo`, form);
        setPhotos((list) => [...list, url]);
      }
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setUploading(false);
    }
  }
  const act = (path: string, body: object) =>
    call<ShopOrder>(`${base}/${path}`, { ...ref, ...body })
      .then(setOrder)
      .catch((e: Error) => void message.error(e.message));
  if (error)
    return (
      <Result
        status="warning"
        title={error}
        extra={<Button onClick={onBack}>{t('shop.back')}</Button>}
      />
    );
  if (!order) return <Spin style={{ display: 'block', margin: 48 }} />;
  const steps: readonly string[] = stepsOf(order.mode);
  const step = steps.indexOf(order.status);
  const paid = ['paid', 'accepted', 'ready', 'delivering', 'completed'].includes(order.status);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" className="shop-order">
      <Button type="link" onClick={onBack} style={{ padding: 0 }}>
        ← {t('shop.back')}
      </Button>
      <Card>
        <Typography.Title level={4} data-testid="order-status">
          {t(`enums.status.${order.status}`)}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('fields.orderNo')} {order.orderNo}
          {order.tableName && ` · ${t('fields.tableName')} ${order.tableName}`}
          {order.mode !== 'dineIn' && ` · ${t(`enums.mode.${order.mode}`)}`}
        </Typography.Text>
        {order.mode === 'delivery' && (
          <div>
            <Typography.Text type="secondary">
              {t('fields.address')} {order.address}
            </Typography.Text>
          </div>
        )}
        {step >= 0 && (
          <Steps
            size="small"
            current={step}
            style={{ marginTop: 16 }}
            items={steps.map((s) => ({ title: t(`enums.status.${s}`) }))}
          />
        )}
        {order.refundStatus !== 'none' && (
          <Alert
            style={{ marginTop: 12 }}
            type={order.refundStatus === 'rejected' ? 'warning' : 'info'}
            message={`${t('fields.refundStatus')}: ${t(`enums.refundStatus.${order.refundStatus}`)}${Number(order.refundedAmount) > 0 ? ` · ¥${order.refundedAmount}` : ''}`}
          />
        )}
      </Card>
      {/* Paying comes before the items: on a phone the code is on the first screen. */}
      {order.status === 'unpaid' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          {order.payUrl && order.payManner === 'alipay' ? (
            // The store's own Alipay: its code is scanned with the Alipay app (this page follows).
            <Card style={{ textAlign: 'center' }} data-testid="alipay-pay">
              <QRCode
                value={order.payUrl}
                size={200}
                style={{ margin: '0 auto 12px' }}
                aria-label={t('shop.scanAlipay', { amount: order.totalAmount })}
              />
              <Typography.Text>
                {t('shop.scanAlipay', { amount: order.totalAmount })}
              </Typography.Text>
              <div>
                {/* On the phone itself, the code's address opens the Alipay app. */}
                <Typography.Link href={order.payUrl} target="_blank" rel="noopener">
                  {t('shop.openAlipay')}
                </Typography.Link>
              </div>
            </Card>
          ) : order.payUrl && order.payManner === 'wechat' ? (
            // The store's own WeChat Pay (Native): its code is scanned with WeChat's Scan; a
            // weixin:// address opens nothing from a browser, so none is offered.
            <Card style={{ textAlign: 'center' }} data-testid="wechat-pay">
              <QRCode
                value={order.payUrl}
                size={200}
                style={{ margin: '0 auto 12px' }}
                aria-label={t('shop.scanWechat', { amount: order.totalAmount })}
              />
              <Typography.Text>
                {t('shop.scanWechat', { amount: order.totalAmount })}
              </Typography.Text>
              <div>
                <Typography.Text type="secondary">{t('shop.wechatOnPhone')}</Typography.Text>
              </div>
            </Card>
          ) : order.payUrl ? (
            <Button type="primary" size="large" block href={order.payUrl} target="_blank">
              {t('shop.pay', { amount: order.totalAmount })}
            </Button>
          ) : (
            <Alert type="info" message={t('shop.payAtCounter')} />
          )}
          <Button block onClick={() => void act('cancel', {})}>
            {t('cancel')}
          </Button>
        </Space>
      )}
      <Card title={t('items')}>
        <List
          dataSource={order.items}
          renderItem={(item) => (
            <List.Item extra={`¥${item.amount}`}>
              <List.Item.Meta
                title={`${item.name} ×${item.quantity}`}
                description={item.specsLabel}
              />
            </List.Item>
          )}
        />
        {Number(order.discountAmount) > 0 && (
          <Typography.Paragraph type="success" style={{ textAlign: 'right' }}>
            {t('shop.discount', { name: order.extensionName, amount: order.discountAmount })}
          </Typography.Paragraph>
        )}
        {Number(order.couponDiscount) > 0 && (
          <Typography.Paragraph
            type="success"
            style={{ textAlign: 'right' }}
            data-testid="order-coupon"
          >
            {t('coupon:shop.discount', { name: order.couponName, amount: order.couponDiscount })}
          </Typography.Paragraph>
        )}
        <Typography.Title level={5} style={{ textAlign: 'right' }}>
          {t('shop.total')} ¥{order.totalAmount}
        </Typography.Title>
      </Card>
      {paid &&
        order.refundStatus !== 'requested' &&
        Number(order.refundedAmount) < Number(order.totalAmount) && (
          <Card size="small" title={t('shop.askRefund')}>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                placeholder={t('refundReasonLabel')}
                value={reason}
                maxLength={200}
                onChange={(e) => setReason(e.target.value)}
              />
              <Button disabled={!reason.trim()} onClick={() => void act('refund', { reason })}>
                {t('shop.askRefund')}
              </Button>
            </Space.Compact>
          </Card>
        )}
      {order.status === 'completed' && !order.evaluated && (
        <Card size="small" title={t('shop.rate')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Rate value={rating} onChange={setRating} />
            <Input.TextArea
              placeholder={t('shop.ratePlaceholder')}
              value={words}
              maxLength={500}
              onChange={(e) => setWords(e.target.value)}
            />
            <Space wrap>
              {photos.map((url) => (
                <span key={url} className="shop-photo">
                  <img src={url} alt="" />
                  <Button
                    size="small"
                    shape="circle"
                    aria-label={t('shop.removePhoto')}
                    onClick={() => setPhotos((list) => list.filter((u) => u !== url))}
                  >
                    ×
                  </Button>
                </span>
              ))}
              {photos.length < EVALUATION_PHOTOS_MAX && (
                <label className="shop-add-photo">
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/gif,image/webp"
                    multiple
                    hidden
                    data-testid="evaluation-photo"
                    onChange={(e) => {
                      void addPhotos([...(e.target.files ?? [])]);
                      e.target.value = '';
                    }}
                  />
                  {uploading ? <Spin size="small" /> : t('shop.addPhoto')}
                </label>
              )}
            </Space>
            <Button
              type="primary"
              disabled={uploading}
              onClick={() => void act('evaluate', { rating, content: words, images: photos })}
            >
              {t('shop.rateSubmit')}
            </Button>
          </Space>
        </Card>
      )}
      {order.evaluated && <Alert type="success" message={t('shop.rated')} />}
    </Space>
  );
}

/** The store's menu: slides, categories, products on sale; the cart and its checkout. */
function Menu({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation('product-order');
  const { message } = AntdApp.useApp();
  const [search, setSearch] = useSearchParams();
  const table = search.get('table');
  const orderNo = search.get('order');
  const ref = search.get('ref');
  useEffect(() => {
    if (ref) localStorage.setItem(refKey(merchantId), ref.slice(0, 20));
  }, [merchantId, ref]);
  const [store, setStore] = useState<ShopStore | null>(null);
  const [error, setError] = useState('');
  const [category, setCategory] = useState<number | null>(null);
  const [picking, setPicking] = useState<Product | null>(null);
  const [cart, setCart] = useState<Line[]>([]);
  // The chosen pay manner by its place in the list: two of one kind (a counter called 前台付款 and
  // one called 货到付款) are two choices, which their kind alone would not tell apart.
  const [mannerAt, setMannerAt] = useState<number | undefined>();
  const manner = mannerAt === undefined ? undefined : store?.payManners[mannerAt]?.kind;
  const [remark, setRemark] = useState('');
  const [mode, setMode] = useState<'pickup' | 'delivery'>('pickup');
  const [address, setAddress] = useState('');
  const [phone, setPhone] = useState('');
  const [checkout, setCheckout] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [wallet, setWallet] = useState<ShopCoupons | null>(null);
  const [couponId, setCouponId] = useState<number | null>(null);
  // Who the customer is where a limit depends on it: the phone verified here, and the call
  // waiting for it (a claim) while the verification drawer is open.
  const { me, setMe, forget } = useShopCustomer(merchantId);
  const [verifying, setVerifying] = useState<{ then(): void } | null>(null);
  const loadWallet = useCallback(
    () =>
      call<ShopCoupons>(`/open/shop/${merchantId}/coupons`, { token: customerToken() })
        .then(setWallet)
        .catch(() => setWallet(null)),
    [merchantId],
  );
  useEffect(() => {
    void loadWallet();
  }, [loadWallet]);
  useEffect(() => {
    call<ShopStore>(
      `/open/shop/${merchantId}/store${table ? `?table=${encodeURIComponent(table)}` : ''}`,
    )
      .then((s) => {
        setStore(s);
        setMannerAt(s.payManners.length > 0 ? 0 : undefined);
        document.title = s.merchant.name;
      })
      .catch((e: Error) => setError(e.message));
  }, [merchantId, table]);
  if (orderNo)
    return (
      <OrderView
        merchantId={merchantId}
        orderNo={orderNo}
        onBack={() => setSearch(table ? { table } : {})}
      />
    );
  if (error) return <Result status="404" title={error} />;
  if (!store) return <Spin style={{ display: 'block', margin: 48 }} />;
  const shown = store.products.filter((p) => category === null || p.categoryId === category);
  /** A tapped slide opens what it links to: its product on the menu, or its web address. */
  const follow = (text: string) => {
    const link = parseLink(text);
    if (!link) return;
    if (link.kind === 'url') window.open(link.url, '_blank', 'noopener');
    else if (link.kind === 'product') {
      const product = store.products.find((p) => p.id === link.id);
      if (!product) return void message.info(t('shop.linkGone'));
      setCategory(null);
      if (product.specs.length > 0) setPicking(product);
      else
        requestAnimationFrame(() =>
          document
            .getElementById(`shop-product-${product.id}`)
            ?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
        );
    }
    // The sandbox has the menu only: a real mini-program opens the page or article.
    else void message.info(t('shop.linkElsewhere', { link: text }));
  };
  const count = cart.reduce((n, l) => n + l.quantity, 0);
  const goods = cart.reduce(
    (sum, l) => sum.plus(new Big(unitPrice(l.product, l.specs)).times(l.quantity)),
    new Big(0),
  );
  // Without a table the customer picks it up or, where the store delivers, has it brought.
  const delivering = !store?.table && store?.delivery.enabled === true && mode === 'delivery';
  // What checkout will take off (the server decides the same way, and keeps to its limits).
  const lines = cart.map((l) => ({
    productId: l.product.id,
    categoryId: l.product.categoryId,
    unitPrice: unitPrice(l.product, l.specs),
    quantity: l.quantity,
  }));
  // A campaign limited per customer applies to a verified phone only (the server counts by it).
  const campaignOffer = bestCampaign(
    store.campaigns.filter((c) => me?.phone || c.perCustomerLimit === 0),
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
  const total = (delivering ? paidGoods.plus(store.delivery.fee) : paidGoods).toFixed(2);
  const belowMinimum = delivering && goods.lt(store.delivery.minimum);
  const add = (product: Product, specs: Record<string, string>) => {
    const key = `${product.id}:${JSON.stringify(specs)}`;
    setCart((lines) =>
      lines.some((l) => l.key === key)
        ? lines.map((l) => (l.key === key ? { ...l, quantity: l.quantity + 1 } : l))
        : [...lines, { key, product, specs, quantity: 1 }],
    );
    setPicking(null);
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
        payManner: manner,
        remark,
        ref: localStorage.getItem(refKey(merchantId)) ?? '',
        couponId: picked && Number(couponOff) > 0 ? picked.id : null,
        ...(delivering ? { mode, address, contactPhone: phone } : {}),
        items: cart.map((l) => ({ productId: l.product.id, quantity: l.quantity, specs: l.specs })),
      });
      const mine = JSON.parse(localStorage.getItem(ORDERS_KEY) ?? '[]') as string[];
      localStorage.setItem(ORDERS_KEY, JSON.stringify([order.orderNo, ...mine].slice(0, 20)));
      setCart([]);
      setCouponId(null);
      setCheckout(false);
      void loadWallet();
      setSearch({ ...(table ? { table } : {}), order: order.orderNo });
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setPlacing(false);
    }
  }
  const mine = JSON.parse(localStorage.getItem(ORDERS_KEY) ?? '[]') as string[];
  return (
    <div className="shop-menu">
      <header className="shop-header">
        {store.merchant.logo && <img className="shop-logo" src={store.merchant.logo} alt="" />}
        <Typography.Title level={4} style={{ margin: 0 }}>
          {store.merchant.name}
        </Typography.Title>
        {store.table && <Tag color="blue">{t('shop.table', { name: store.table.name })}</Tag>}
        <Tag color="orange">{t('shop.sandbox')}</Tag>
      </header>
      {me?.phone && (
        <div className="shop-me" data-testid="shop-me">
          <Typography.Text type="secondary">
            {t('shop.verifiedAs', { phone: me.phone })}
          </Typography.Text>
          <Button type="link" size="small" onClick={() => void forget().then(loadWallet)}>
            {t('shop.verifySwitch')}
          </Button>
        </div>
      )}
      {store.tableProblem && (
        <Alert
          type="error"
          banner
          message={t(
            store.tableProblem.kind === 'unknown' ? 'shop.tableUnknown' : 'shop.tableDisabled',
            { name: store.tableProblem.name },
          )}
        />
      )}
      {!store.merchant.open && <Alert type="warning" banner message={t('shop.closed')} />}
      {store.merchant.notice && <Alert type="info" banner message={store.merchant.notice} />}
      {store.slides.length > 0 && (
        <Carousel autoplay className="shop-slides">
          {store.slides.map((s) => (
            <div key={s.id}>
              {s.link ? (
                <button type="button" className="shop-slide" onClick={() => follow(s.link)}>
                  <img src={s.image} alt={s.title} />
                </button>
              ) : (
                <img src={s.image} alt={s.title} />
              )}
            </div>
          ))}
        </Carousel>
      )}
      {store.campaigns.length > 0 && (
        <Alert
          type="success"
          banner
          showIcon={false}
          data-testid="shop-offers"
          message={store.campaigns
            .map((c) => {
              const scope = scopeWords(t, c, store);
              const limited =
                c.perCustomerLimit > 0 && !me?.phone
                  ? t('shop.offerNeedsPhone', { limit: c.perCustomerLimit })
                  : '';
              const notes = [scope, limited].filter(Boolean).join('；');
              return `${c.name}：${t(offerWords(c).key, offerWords(c).params)}${notes ? `（${notes}）` : ''}`;
            })
            .join(' · ')}
        />
      )}
      {wallet && (
        <ClaimCoupons
          merchantId={merchantId}
          store={store}
          coupons={wallet.claimable}
          verified={Boolean(me?.phone)}
          onNeedPhone={(then) => setVerifying({ then })}
          onClaimed={() => void loadWallet()}
        />
      )}
      <PartnerApply
        merchantId={merchantId}
        me={me}
        onVerified={(verified) => {
          setMe(verified);
          void loadWallet();
        }}
      />
      <VerifyDrawer
        merchantId={merchantId}
        sms={me?.sms}
        open={verifying !== null}
        onClose={() => setVerifying(null)}
        onVerified={(verified) => {
          setMe(verified);
          void loadWallet();
          verifying?.then();
          setVerifying(null);
        }}
      />
      {mine.length > 0 && (
        <Button
          type="link"
          onClick={() => setSearch({ ...(table ? { table } : {}), order: mine[0]! })}
        >
          {t('shop.lastOrder')}
        </Button>
      )}
      <div className="shop-body">
        <nav className="shop-categories">
          <Button
            type={category === null ? 'primary' : 'text'}
            block
            onClick={() => setCategory(null)}
          >
            {t('shop.all')}
          </Button>
          {store.categories.map((c) => (
            <Button
              key={c.id}
              type={category === c.id ? 'primary' : 'text'}
              block
              onClick={() => setCategory(c.id)}
            >
              {c.name}
            </Button>
          ))}
        </nav>
        <List
          className="shop-products"
          dataSource={shown}
          locale={{ emptyText: <Empty description={t('shop.empty')} /> }}
          renderItem={(p) => (
            <List.Item
              data-testid={`product-${p.name}`}
              id={`shop-product-${p.id}`}
              extra={
                <Button
                  type="primary"
                  shape="round"
                  disabled={p.soldOut}
                  onClick={() => (p.specs.length > 0 ? setPicking(p) : add(p, {}))}
                >
                  {p.soldOut ? t('shop.soldOut') : p.specs.length > 0 ? t('shop.choose') : '+'}
                </Button>
              }
            >
              <List.Item.Meta
                avatar={p.image ? <img className="shop-thumb" src={p.image} alt="" /> : undefined}
                title={p.name}
                description={
                  <>
                    <Typography.Text strong>¥{p.price}</Typography.Text>{' '}
                    {Number(p.originalPrice) > Number(p.price) && (
                      <Typography.Text delete type="secondary">
                        ¥{p.originalPrice}
                      </Typography.Text>
                    )}
                    <div className="shop-sold">{t('shop.sold', { count: p.salesCount })}</div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      </div>
      <footer className="shop-cart">
        <Badge count={count}>
          <Typography.Text strong style={{ fontSize: 18 }}>
            ¥{total}
          </Typography.Text>
        </Badge>
        <Button
          type="primary"
          size="large"
          disabled={count === 0 || !store.merchant.open}
          onClick={() => setCheckout(true)}
        >
          {t('shop.checkout')}
        </Button>
      </footer>
      <SpecsPicker
        product={picking}
        onClose={() => setPicking(null)}
        onAdd={(specs) => picking && add(picking, specs)}
      />
      <Drawer
        open={checkout}
        placement="bottom"
        height="auto"
        title={t('shop.checkout')}
        onClose={() => setCheckout(false)}
      >
        <List
          dataSource={cart}
          renderItem={(l) => (
            <List.Item
              extra={
                <Space>
                  <Button size="small" onClick={() => change(l.key, -1)} aria-label="-">
                    −
                  </Button>
                  {l.quantity}
                  <Button size="small" onClick={() => change(l.key, 1)} aria-label="+">
                    +
                  </Button>
                </Space>
              }
            >
              <List.Item.Meta
                title={l.product.name}
                description={`${Object.values(l.specs).join(' / ')} ¥${unitPrice(l.product, l.specs)}`}
              />
            </List.Item>
          )}
        />
        {store.payManners.length === 0 ? (
          <Alert type="warning" message={t('shop.noPayManner')} />
        ) : (
          <Radio.Group
            value={mannerAt}
            onChange={(e) => setMannerAt(e.target.value)}
            options={store.payManners.map((m, at) => ({ value: at, label: m.name }))}
          />
        )}
        {!store.table && store.delivery.enabled && (
          <div style={{ marginTop: 12 }}>
            <Radio.Group
              value={mode}
              onChange={(e) => setMode(e.target.value)}
              optionType="button"
              options={[
                { value: 'pickup', label: t('shop.pickup') },
                { value: 'delivery', label: t('shop.delivery') },
              ]}
            />
            {delivering && (
              <Space vertical style={{ width: '100%', marginTop: 8 }}>
                <Typography.Text type={belowMinimum ? 'warning' : 'secondary'}>
                  {t('shop.deliveryFee', { fee: store.delivery.fee })}
                  {Number(store.delivery.minimum) > 0 &&
                    ` · ${t('shop.deliveryMinimum', { amount: store.delivery.minimum })}`}
                </Typography.Text>
                <Input
                  aria-label={t('shop.address')}
                  placeholder={t('shop.address')}
                  value={address}
                  maxLength={200}
                  onChange={(e) => setAddress(e.target.value)}
                />
                <Input
                  aria-label={t('shop.phone')}
                  placeholder={t('shop.phone')}
                  value={phone}
                  inputMode="tel"
                  maxLength={11}
                  onChange={(e) => setPhone(e.target.value.trim())}
                />
              </Space>
            )}
          </div>
        )}
        {usable.length > 0 && (
          <Select
            style={{ width: '100%', marginTop: 12 }}
            aria-label={t('coupon:shop.pick')}
            data-testid="shop-coupon-pick"
            value={couponId ?? 0}
            onChange={(value) => setCouponId(value || null)}
            options={[
              { value: 0, label: t('coupon:shop.none') },
              ...usable.map((c) => ({
                value: c.id,
                // "满 50 减 10 元 · 限分类：热菜": what it takes off, and on what.
                label: [c.name, couponWords(t, c), scopeWords(t, c, store)]
                  .filter(Boolean)
                  .join(' · ')
                  .concat(Number(couponDiscountOf(c, lines)) > 0 ? '' : t('coupon:shop.unusable')),
              })),
            ]}
          />
        )}
        {picked && Number(split.coupon) > 0 && (
          <Typography.Paragraph
            type="success"
            style={{ marginTop: 12 }}
            data-testid="shop-coupon-discount"
          >
            {t('coupon:shop.discount', { name: picked.name, amount: split.coupon })}
          </Typography.Paragraph>
        )}
        {picked && Number(couponOff) > 0 && Number(split.coupon) === 0 && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t('coupon:shop.notBetter', { name: picked.name })}
          </Typography.Paragraph>
        )}
        {offer && (
          <Typography.Paragraph
            type="success"
            style={{ marginTop: 12 }}
            data-testid="shop-discount"
          >
            {t('shop.discount', { name: offer.campaign.name, amount: offer.discount })}
          </Typography.Paragraph>
        )}
        <Input
          style={{ marginTop: 12 }}
          placeholder={t('shop.remark')}
          value={remark}
          maxLength={200}
          onChange={(e) => setRemark(e.target.value)}
        />
        <Button
          type="primary"
          size="large"
          block
          style={{ marginTop: 12 }}
          loading={placing}
          disabled={!manner || cart.length === 0 || belowMinimum}
          onClick={() => void place()}
        >
          {t('shop.place', { amount: total })}
        </Button>
      </Drawer>
    </div>
  );
}

/** "Become a selling partner": the customer applies with a name and phone; the store approves. */
type Translate = ReturnType<typeof useTranslation>['t'];
/** A coupon's offer in words, in the coupon dictionary ("满 50 减 10 元"). */
const couponWords = (t: Translate, offer: Record<string, unknown>) => {
  const { key, params } = offerWords(offer);
  return t(key.replace('extension:', 'coupon:'), params);
};

/**
 * What an offer applies to in words ("限分类：热菜、凉菜"), naming what the store shows of its
 * categories or products; nothing for every product.
 */
function scopeWords(t: Translate, offer: PromotionScopeTerms, store: ShopStore): string {
  if (offer.scope === 'all') return '';
  const names =
    offer.scope === 'categories'
      ? store.categories.filter((c) => offer.categoryIds.includes(c.id)).map((c) => c.name)
      : store.products.filter((p) => offer.productIds.includes(p.id)).map((p) => p.name);
  return t(`extension:scopeText.${offer.scope}`, { names: names.join('、') });
}

/** The coupons the store lets customers claim, each with its claim button. */
function ClaimCoupons({
  merchantId,
  store,
  coupons,
  verified,
  onNeedPhone,
  onClaimed,
}: {
  merchantId: string;
  store: ShopStore;
  coupons: ShopCoupons['claimable'];
  /** Whether the phone is verified: claiming needs it (the coupon is the phone's). */
  verified: boolean;
  /** Asks for the phone, then does `then`. */
  onNeedPhone(then: () => void): void;
  onClaimed(): void;
}) {
  const { t } = useTranslation('product-order');
  const { message } = AntdApp.useApp();
  const [busy, setBusy] = useState<number | null>(null);
  const [code, setCode] = useState('');
  async function redeem() {
    setBusy(0);
    try {
      await call(`/open/shop/${merchantId}/coupons/redeem`, { token: customerToken(), code });
      void message.success(t('coupon:shop.redeemOk'));
      setCode('');
      onClaimed();
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  }
  async function claim(id: number, phoneKnown = verified) {
    if (!phoneKnown) return onNeedPhone(() => void claim(id, true));
    setBusy(id);
    try {
      await call(`/open/shop/${merchantId}/coupons/claim`, {
        token: customerToken(),
        couponId: id,
      });
      void message.success(t('coupon:shop.claimOk'));
      onClaimed();
    } catch (e) {
      if (e instanceof ShopError && e.verify) onNeedPhone(() => void claim(id, true));
      else void message.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  }
  return (
    <Card
      size="small"
      title={t('coupon:shop.title')}
      className="shop-coupons"
      extra={
        verified ? undefined : (
          <Button type="link" size="small" onClick={() => onNeedPhone(() => undefined)}>
            {t('shop.verifyTitle')}
          </Button>
        )
      }
    >
      <Input.Search
        aria-label={t('coupon:shop.redeemPlaceholder')}
        placeholder={t('coupon:shop.redeemPlaceholder')}
        enterButton={t('coupon:shop.redeem')}
        maxLength={20}
        value={code}
        loading={busy === 0}
        onChange={(e) => setCode(e.target.value)}
        onSearch={() => code.trim() && void redeem()}
      />
      {coupons.length > 0 && (
        <List
          size="small"
          dataSource={coupons}
          renderItem={(c) => (
            <List.Item
              data-testid={`coupon-${c.name}`}
              extra={
                <Button
                  size="small"
                  type="primary"
                  shape="round"
                  loading={busy === c.id}
                  disabled={c.left <= 0}
                  onClick={() => void claim(c.id)}
                >
                  {c.left <= 0 ? t('coupon:shop.claimed') : t('coupon:shop.claim')}
                </Button>
              }
            >
              <List.Item.Meta
                title={`${c.name} · ${couponWords(t, c)}`}
                description={[
                  scopeWords(t, c, store),
                  c.validity === 'days'
                    ? t('coupon:shop.days', { days: c.validDays })
                    : t('coupon:shop.until', { date: c.endAt?.slice(0, 10) ?? '' }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/**
 * "Become a selling partner": a customer with a verified phone applies with their name (the phone
 * is the verified one; the store approves); without one, the drawer verifies it first.
 */
function PartnerApply({
  merchantId,
  me,
  onVerified,
}: {
  merchantId: string;
  me: ShopMe | null;
  onVerified(me: ShopMe): void;
}) {
  const { t } = useTranslation('product-order');
  const { message } = AntdApp.useApp();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [sending, setSending] = useState(false);
  async function apply() {
    setSending(true);
    try {
      await call(`/open/shop/${merchantId}/partner/apply`, { token: customerToken(), name });
      setOpen(false);
      void message.success(t('shop.partnerApplied'));
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setSending(false);
    }
  }
  return (
    <>
      <Button type="link" onClick={() => setOpen(true)}>
        {t('shop.partner')}
      </Button>
      <Drawer
        open={open}
        placement="bottom"
        height="auto"
        title={t('shop.partner')}
        onClose={() => setOpen(false)}
      >
        <Space vertical style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('shop.partnerHint')}</Typography.Text>
          {me?.phone ? (
            <>
              <Input
                aria-label={t('shop.partnerName')}
                placeholder={t('shop.partnerName')}
                value={name}
                maxLength={30}
                onChange={(e) => setName(e.target.value)}
              />
              <Typography.Text>{t('shop.verifiedAs', { phone: me.phone })}</Typography.Text>
              <Button
                type="primary"
                block
                loading={sending}
                disabled={!name.trim()}
                onClick={() => void apply()}
              >
                {t('shop.partnerSubmit')}
              </Button>
            </>
          ) : (
            <VerifyPhone merchantId={merchantId} sms={me?.sms} onVerified={onVerified} />
          )}
        </Space>
      </Drawer>
    </>
  );
}

/**
 * /shop/<merchant>?table=<id>: the store's storefront as its mini-program would show it (a
 * sandbox of one), what a table's QR code opens: menu, specs, cart, pay through the gateway's
 * sandbox, follow the order, ask for a refund, rate it. Public: no sign-in.
 */
export default function ShopPage() {
  const { merchantId = '' } = useParams();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void Promise.all([
      loadDictionaries('product-order'),
      loadDictionaries('extension'),
      loadDictionaries('coupon'),
    ]).then(() => setReady(true));
  }, []);
  return (
    <AntdProvider>
      <AntdApp>
        <main className="shop">{ready ? <Menu merchantId={merchantId} /> : <Spin />}</main>
      </AntdApp>
    </AntdProvider>
  );
}
