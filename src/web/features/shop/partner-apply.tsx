import { App as AntdApp, Button, Drawer, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopMe } from '../../../shared/shop';
import { call, customerToken } from './shop-api';
import { VerifyPhone } from './verify-phone';

/**
 * "Become a selling partner": a customer with a verified phone applies with their name (the phone
 * is the verified one; the store approves); without one, the drawer verifies it first.
 */
export function PartnerApply({
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
