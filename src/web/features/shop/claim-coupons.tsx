import { App as AntdApp, Button, Card, Input, List } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopCoupons, ShopStore } from '../../../shared/shop';
import { couponWords, scopeWords } from './offer-words';
import { call, customerToken, ShopError } from './shop-api';

/** The coupons the store lets customers claim, each with its claim button. */
export function ClaimCoupons({
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
  const { t } = useTranslation(['product-order', 'coupon']);
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
                title={`${c.name} · ${couponWords(c)}`}
                description={[
                  scopeWords(c, store),
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
