import { App as AntdApp, Button, Card, Drawer, Input, List, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_NUMBER, type ShopMe, type SmsSandboxInbox } from '../../../shared/shop';
import { call, customerToken } from './shop-api';

/** Who this phone is at the store: its verified number (masked), read once and kept. */
export function useShopCustomer(merchantId: string) {
  const [me, setMe] = useState<ShopMe | null>(null);
  useEffect(() => {
    call<ShopMe>(`/open/shop/${merchantId}/me`, { token: customerToken() })
      .then(setMe)
      .catch(() => setMe(null));
  }, [merchantId]);
  const forget = useCallback(
    () =>
      call<ShopMe>(`/open/shop/${merchantId}/verify/forget`, { token: customerToken() }).then(
        setMe,
      ),
    [merchantId],
  );
  return { me, setMe, forget };
}

/** The sandbox's phone: the messages the number received, as that phone would show them. */
function SandboxSms({ phone }: { phone: string }) {
  const { t } = useTranslation('product-order');
  const [messages, setMessages] = useState<SmsSandboxInbox>([]);
  useEffect(() => {
    const load = () =>
      call<SmsSandboxInbox>('/open/sms-sandbox/inbox', { phone })
        .then(setMessages)
        .catch(() => undefined);
    void load();
    // Followed every two seconds, as a message arrives on a phone.
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [phone]);
  return (
    <Card
      size="small"
      data-testid="sandbox-sms"
      title={
        <>
          <Tag color="orange">{t('shop.sandbox')}</Tag>
          {t('shop.sandboxSms', { phone })}
        </>
      }
    >
      {messages.length === 0 ? (
        <Typography.Text type="secondary">{t('shop.sandboxSmsEmpty')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={messages}
          renderItem={(m) => <List.Item key={m.id}>{m.text}</List.Item>}
        />
      )}
    </Card>
  );
}

/**
 * The customer's phone, verified by the code sent to it: the number, "send code" (again after
 * the wait the server names), the code; in the SMS sandbox, the messages the number received.
 */
export function VerifyPhone({
  merchantId,
  sms,
  onVerified,
}: {
  merchantId: string;
  sms: ShopMe['sms'] | undefined;
  onVerified(me: ShopMe): void;
}) {
  const { t } = useTranslation('product-order');
  const { message } = AntdApp.useApp();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState<'send' | 'check' | null>(null);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  async function send() {
    setBusy('send');
    try {
      const { resendAfter } = await call<{ resendAfter: number }>(
        `/open/shop/${merchantId}/verify/send`,
        { token: customerToken(), phone },
      );
      setSentTo(phone);
      setWait(resendAfter);
      void message.success(t('shop.verifySent'));
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  }
  async function check() {
    setBusy('check');
    try {
      const me = await call<ShopMe>(`/open/shop/${merchantId}/verify/check`, {
        token: customerToken(),
        phone: sentTo,
        code,
      });
      void message.success(t('shop.verifyOk'));
      onVerified(me);
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  }
  return (
    <Space vertical style={{ width: '100%' }} data-testid="verify-phone">
      <Typography.Text type="secondary">{t('shop.verifyWhy')}</Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('shop.phone')}
          placeholder={t('shop.phone')}
          value={phone}
          inputMode="tel"
          maxLength={11}
          onChange={(e) => setPhone(e.target.value.trim())}
        />
        <Button
          loading={busy === 'send'}
          disabled={!MOBILE_NUMBER.test(phone) || wait > 0}
          onClick={() => void send()}
        >
          {wait > 0 ? t('shop.verifyResend', { seconds: wait }) : t('shop.verifySend')}
        </Button>
      </Space.Compact>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('shop.verifyCode')}
          placeholder={t('shop.verifyCode')}
          value={code}
          inputMode="numeric"
          maxLength={6}
          onChange={(e) => setCode(e.target.value.trim())}
          onPressEnter={() => sentTo && code.length === 6 && void check()}
        />
        <Button
          type="primary"
          loading={busy === 'check'}
          disabled={!sentTo || code.length !== 6}
          onClick={() => void check()}
        >
          {t('shop.verifySubmit')}
        </Button>
      </Space.Compact>
      {sms === 'sandbox' && sentTo && <SandboxSms phone={sentTo} />}
    </Space>
  );
}

/** The verification in a drawer of its own, opened where a call needs the phone. */
export function VerifyDrawer({
  merchantId,
  sms,
  open,
  onClose,
  onVerified,
}: {
  merchantId: string;
  sms: ShopMe['sms'] | undefined;
  open: boolean;
  onClose(): void;
  onVerified(me: ShopMe): void;
}) {
  const { t } = useTranslation('product-order');
  return (
    <Drawer
      open={open}
      placement="bottom"
      height="auto"
      title={t('shop.verifyTitle')}
      onClose={onClose}
      destroyOnHidden
    >
      <VerifyPhone merchantId={merchantId} sms={sms} onVerified={onVerified} />
    </Drawer>
  );
}
