import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  QRCode,
  Result,
  Space,
  Spin,
  Statistic,
  Typography,
} from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { useAppNavigate, useViewSearchParams } from '../../kit/cached-view';
import { moneyMoved } from '../../kit/money';
import { useSession } from '../../stores/session';
import { closeRecharge, recentRechargesQuery, rechargeQuery } from './cost-center-api';
import './cost-center.css';

/**
 * /recharge-pay?no=…: the pay step of a recharge. The QR code opens the gateway's pay page (the
 * sandbox's, on this server); the page follows the recharge every 2 s until it is paid, expired
 * or closed, then shows the result, with the top bar's balance and the ledger already updated.
 * The order is in the address, so leaving and coming back (the tab, the back button, "continue
 * paying" on /recharge) resumes it; without one, it resumes the latest recharge still waiting.
 */
export default function RechargePayPage() {
  const { t } = useTranslation('cost-center');
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const [params] = useViewSearchParams();
  const orderNo = params.get('no') ?? '';
  const recent = useQuery({ ...recentRechargesQuery(), enabled: !orderNo });
  const waiting = recent.data?.items.find(
    (o) => o.status === 'created' && new Date(o.expiresAt) > new Date(),
  );
  useEffect(() => {
    if (!orderNo && waiting) navigate(`/recharge-pay?no=${waiting.orderNo}`, { replace: true });
  }, [orderNo, waiting, navigate]);

  const order = useQuery({ ...rechargeQuery(orderNo), enabled: !!orderNo });
  const status = order.data?.status;
  const balance = useSession((state) => state.profile?.balance ?? '');
  // Money moved once the recharge is paid: the balance and the ledger follow.
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (status && status !== 'created' && seen.current !== status) void moneyMoved(queryClient);
    seen.current = status;
  }, [status, queryClient]);

  if (!orderNo && (recent.isLoading || waiting)) return <Spin />;
  if (!orderNo || order.isError)
    return (
      <Result
        status="404"
        title={t('payPage.notFound')}
        extra={<Button onClick={() => navigate('/recharge')}>{t('payPage.back')}</Button>}
      />
    );
  if (!order.data) return <Spin />;
  const o = order.data;
  const results = (
    <Space>
      <Button type="primary" onClick={() => navigate('/cost-center')}>
        {t('payPage.toLedger')}
      </Button>
      <Button onClick={() => navigate('/recharge')}>{t('payPage.again')}</Button>
    </Space>
  );
  if (o.status === 'paid')
    return (
      <Result
        status="success"
        title={t('payPage.paid')}
        subTitle={t('payPage.paidSub', {
          amount: formatMoney(o.amount),
          balance: formatMoney(balance),
        })}
        extra={results}
      />
    );
  if (o.status === 'expired' || o.status === 'closed')
    return (
      <Result
        status="warning"
        title={t(`payPage.${o.status}`)}
        subTitle={t(`payPage.${o.status}Sub`)}
        extra={results}
      />
    );

  const payUrl = new URL(o.qrCode, window.location.origin).href;
  return (
    <Card title={t('payPage.title')}>
      <div className="recharge-pay">
        <div className="recharge-pay-code">
          <QRCode value={payUrl} size={200} aria-label={t('payPage.title')} />
          <Typography.Text type="secondary">
            {t('payPage.scan', { method: t(`rechargePage.methods.${o.method}`) })}
          </Typography.Text>
          <Typography.Link href={payUrl} target="_blank" rel="noopener">
            {t('payPage.openPage')}
          </Typography.Link>
        </div>
        <Space direction="vertical" size="middle" style={{ minWidth: 260, flex: 1 }}>
          <Statistic title={t('payPage.amount')} prefix="¥" value={formatMoney(o.amount)} />
          <Statistic.Timer
            type="countdown"
            title={t('payPage.countdown')}
            value={new Date(o.expiresAt).getTime()}
            format="mm:ss"
            onFinish={() => void order.refetch()}
          />
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('payPage.orderNo')}>{o.orderNo}</Descriptions.Item>
          </Descriptions>
          {/* Only the sandbox's own checkout moves no money (a real gateway's code is absolute). */}
          {o.qrCode.startsWith('/') && (
            <Alert type="info" showIcon message={t('payPage.sandboxNote')} />
          )}
          <Space>
            <Spin size="small" />
            <Typography.Text>{t('payPage.waiting')}</Typography.Text>
          </Space>
          <Button
            onClick={async () => {
              await closeRecharge(o.orderNo).catch(() => {});
              await order.refetch();
            }}
          >
            {t('payPage.cancel')}
          </Button>
        </Space>
      </div>
    </Card>
  );
}
