import {
  Alert,
  App as AntdApp,
  Badge,
  Button,
  Carousel,
  Empty,
  List,
  Result,
  Spin,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { offerWords } from '../../../shared/extension';
import { parseLink } from '../../../shared/link';
import type { ShopCoupons, ShopStore } from '../../../shared/shop';
import { dynamicKey } from '../../i18n/keys';
import { CheckoutDrawer, useCart } from './cart';
import { ClaimCoupons } from './claim-coupons';
import { scopeWords } from './offer-words';
import { OrderView } from './order-view';
import { PartnerApply } from './partner-apply';
import { ProductSheet } from './product-sheet';
import { call, customerToken } from './shop-api';
import { hasChoices, ORDERS_KEY, type Product, refKey } from './shop-lines';
import { SpecsPicker } from './specs-picker';
import { StoreDetails, StoreReviews } from './store-reviews';
import { useShopCustomer, VerifyDrawer } from './verify-phone';

/** The store's menu: slides, categories, products on sale; the cart and its checkout. */
export function Menu({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation(['product-order', 'shop']);
  const { message } = AntdApp.useApp();
  const [search, setSearch] = useSearchParams();
  const table = search.get('table');
  const orderNo = search.get('order');
  const ref = search.get('ref');
  // The product whose page is open (its address keeps it on a reload).
  const viewing = Number(search.get('product')) || null;
  const view = (id: number | null) =>
    setSearch(
      (now) => {
        const next = new URLSearchParams(now);
        if (id === null) next.delete('product');
        else next.set('product', String(id));
        return next;
      },
      { replace: id === null },
    );
  useEffect(() => {
    if (ref) localStorage.setItem(refKey(merchantId), ref.slice(0, 20));
  }, [merchantId, ref]);
  const [store, setStore] = useState<ShopStore | null>(null);
  const [error, setError] = useState('');
  const [category, setCategory] = useState<number | null>(null);
  const [picking, setPicking] = useState<Product | null>(null);
  const [tab, setTab] = useState<'menu' | 'reviews' | 'store'>('menu');
  const [wallet, setWallet] = useState<ShopCoupons | null>(null);
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
        document.title = s.merchant.name;
      })
      .catch((e: Error) => setError(e.message));
  }, [merchantId, table]);
  const cart = useCart({
    merchantId,
    store,
    me,
    wallet,
    onPlaced: (placed) => {
      void loadWallet();
      setSearch({ ...(table ? { table } : {}), order: placed });
    },
  });
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
      setTab('menu');
      if (hasChoices(product)) setPicking(product);
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
              const scope = scopeWords(c, store);
              const limited =
                c.perCustomerLimit > 0 && !me?.phone
                  ? t('shop.offerNeedsPhone', { limit: c.perCustomerLimit })
                  : '';
              const notes = [scope, limited].filter(Boolean).join('；');
              return `${c.name}：${t(dynamicKey(offerWords(c).key), offerWords(c).params)}${notes ? `（${notes}）` : ''}`;
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
      <Tabs
        className="shop-tabs"
        activeKey={tab}
        onChange={(key) => setTab(key as typeof tab)}
        items={[
          {
            key: 'menu',
            label: t('shop:tabMenu'),
            children: (
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
                          onClick={() => (hasChoices(p) ? setPicking(p) : cart.add(p, {}, []))}
                        >
                          {p.soldOut ? t('shop.soldOut') : hasChoices(p) ? t('shop.choose') : '+'}
                        </Button>
                      }
                    >
                      <List.Item.Meta
                        avatar={
                          p.image ? (
                            <button
                              type="button"
                              className="shop-thumb-button"
                              aria-label={t('shop:openProduct', { name: p.name })}
                              onClick={() => view(p.id)}
                            >
                              <img className="shop-thumb" src={p.image} alt="" />
                            </button>
                          ) : undefined
                        }
                        title={
                          // The product's page: photos, description, choices, reviews.
                          <button
                            type="button"
                            className="shop-product-name"
                            onClick={() => view(p.id)}
                          >
                            {p.name}
                          </button>
                        }
                        description={
                          <>
                            <Typography.Text strong>¥{p.price}</Typography.Text>{' '}
                            {Number(p.originalPrice) > Number(p.price) && (
                              <Typography.Text delete type="secondary">
                                ¥{p.originalPrice}
                              </Typography.Text>
                            )}
                            <div className="shop-sold">
                              {t('shop.sold', { count: p.salesCount })}
                            </div>
                          </>
                        }
                      />
                    </List.Item>
                  )}
                />
              </div>
            ),
          },
          {
            key: 'reviews',
            label: t('shop:tabReviews', {
              score: store.score.count > 0 ? store.score.average : '',
            }),
            children: <StoreReviews store={store} />,
          },
          { key: 'store', label: t('shop:tabStore'), children: <StoreDetails store={store} /> },
        ]}
      />
      <footer className="shop-cart">
        <Badge count={cart.count}>
          <Typography.Text strong style={{ fontSize: 18 }}>
            ¥{cart.total}
          </Typography.Text>
        </Badge>
        <Button
          type="primary"
          size="large"
          disabled={cart.count === 0 || !store.merchant.open}
          onClick={() => cart.setCheckout(true)}
        >
          {t('shop.checkout')}
        </Button>
      </footer>
      <SpecsPicker
        product={picking}
        onClose={() => setPicking(null)}
        onAdd={(specs, addons) => {
          if (picking) cart.add(picking, specs, addons);
          setPicking(null);
        }}
      />
      <ProductSheet
        merchantId={merchantId}
        productId={viewing}
        onClose={() => view(null)}
        onAdd={(product, specs, addons) => {
          cart.add(product, specs, addons);
          view(null);
        }}
      />
      <CheckoutDrawer store={store} cart={cart} />
    </div>
  );
}
