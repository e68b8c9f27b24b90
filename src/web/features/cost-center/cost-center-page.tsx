import { WalletOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Statistic, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type MonthlyTotal, rechargeRemark } from '../../../shared/cost-center';
import { formatMoney } from '../../../shared/format';
import { costCenter } from '../../../shared/resources/cost-center';
import { RefetchWhenShown, useAppNavigate } from '../../kit/cached-view';
import type { ResourceOverrides } from '../../kit/resource-overrides';
import { ResourceScreen } from '../../kit/resource-screen';
import { useCan, useSession } from '../../stores/session';
import { monthlyQuery } from './cost-center-api';
import './cost-center.css';

/** A signed amount: money in green with a plus, money out in red. */
export function SignedAmount({ value }: { value: string }) {
  const out = value.startsWith('-');
  return (
    <Typography.Text
      type={out ? 'danger' : 'success'}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {out ? '−' : '+'}¥{formatMoney(out ? value.slice(1) : value)}
    </Typography.Text>
  );
}

/** A ledger line's description in the UI's language (沙箱充值 · 流水号 SBX…), else as written. */
function Remark({ value }: { value: string }) {
  const { t } = useTranslation('cost-center');
  const recharge = rechargeRemark(value);
  if (!recharge) return <>{value}</>;
  const { gateway, tradeNo } = recharge;
  return <>{t('remarks.recharge', { gateway: t(`remarks.gateways.${gateway}`), tradeNo })}</>;
}

const overrides: ResourceOverrides = {
  cells: {
    amount: (value) => <SignedAmount value={String(value)} />,
    remark: (value) => <Remark value={String(value ?? '')} />,
  },
};

/**
 * /cost-center: the balance (the top bar's figure), the monthly totals and the ledger. The ledger
 * is the cost-center resource's derived list (read only: filters by type and period, export).
 */
export default function CostCenterPage() {
  const { t } = useTranslation('cost-center');
  const balance = useSession((state) => state.profile?.balance ?? '0.00');
  const canRecharge = useCan('recharge');
  const navigate = useAppNavigate();
  const monthly = useQuery(monthlyQuery());
  const columns = useMemo(
    () => [
      { key: 'month', dataIndex: 'month', title: t('monthly.month') },
      ...(['recharge', 'charge', 'refund', 'net'] as const).map((key) => ({
        key,
        dataIndex: key,
        title: t(`monthly.${key}`),
        align: 'right' as const,
        render: (value: string) =>
          key === 'net' ? <SignedAmount value={value} /> : `¥${formatMoney(value)}`,
      })),
      {
        key: 'entries',
        dataIndex: 'entries',
        title: t('monthly.entries'),
        align: 'right' as const,
      },
    ],
    [t],
  );
  return (
    <div className="cost-center">
      <RefetchWhenShown queryKey={monthlyQuery().queryKey} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card className="cost-center-balance">
            <Statistic
              title={t('balance.title')}
              value={formatMoney(balance)}
              prefix="¥"
              suffix={t('balance.yuan')}
              valueStyle={{ fontSize: 32 }}
            />
            <span data-testid="cost-center-balance" hidden>
              {balance}
            </span>
            {canRecharge && (
              <Button
                type="primary"
                icon={<WalletOutlined />}
                onClick={() => navigate('/recharge')}
              >
                {t('balance.recharge')}
              </Button>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t('monthly.title')} size="small" styles={{ body: { padding: 0 } }}>
            <Table<MonthlyTotal>
              size="small"
              rowKey="month"
              aria-label={t('monthly.title')}
              loading={monthly.isLoading}
              dataSource={monthly.data?.items}
              columns={columns}
              pagination={false}
              scroll={{ x: 520, y: 200 }}
              locale={{ emptyText: <Empty description={t('monthly.empty')} /> }}
            />
          </Card>
        </Col>
      </Row>
      <ResourceScreen resource={costCenter} overrides={overrides} />
    </div>
  );
}
