import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber, Radio, Space, Table, Tag, Typography } from 'antd';
import Big from 'big.js';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PAY_METHODS,
  type PayMethod,
  RECHARGE_MAX,
  RECHARGE_MIN,
  RECHARGE_PRESETS,
  type RechargeOrder,
  rechargeBody,
} from '../../../shared/cost-center';
import { formatMoney, parseTime } from '../../../shared/format';
import { issueText } from '../../i18n';
import { RefetchWhenShown, useAppNavigate, ViewLink } from '../../kit/cached-view';
import { moneyMoved } from '../../kit/money';
import { useSubmitOnce } from '../../kit/submit-once';
import { closeRecharge, createRecharge, recentRechargesQuery } from './cost-center-api';
import './cost-center.css';

const STATUS_COLOR = {
  created: 'processing',
  paid: 'success',
  expired: 'default',
  closed: 'default',
};
const CUSTOM = 'custom';

/** /recharge: an amount (a preset or one's own within the limits) and a payment method. */
export default function RechargePage() {
  const { t } = useTranslation(['cost-center', 'translation']);
  const { modal, message } = App.useApp();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const [preset, setPreset] = useState<string>(RECHARGE_PRESETS[1]);
  const [custom, setCustom] = useState<string | null>(null);
  const [method, setMethod] = useState<PayMethod>('alipay');
  const amount = preset === CUSTOM ? (custom ?? '') : preset;
  // The same rule as the server's: limits and two decimals, exact (big.js).
  const checked = rechargeBody.shape.amount.safeParse(amount);
  const problem =
    preset === CUSTOM && custom !== null && !checked.success
      ? issueText(checked.error.issues[0])
      : undefined;
  const recent = useQuery(recentRechargesQuery());
  const pay = useMutation({
    mutationFn: () => createRecharge({ amount: checked.data!, method }),
    onSuccess: async (order) => {
      await queryClient.invalidateQueries({ queryKey: recentRechargesQuery().queryKey });
      navigate(`/recharge-pay?no=${order.orderNo}`);
    },
  });
  // One recharge order however often Pay is clicked.
  const submitPay = useSubmitOnce(pay);
  const close = useMutation({
    mutationFn: closeRecharge,
    onSuccess: async (order) => {
      if (order.status === 'closed') void message.success(t('rechargePage.closed'));
      await moneyMoved(queryClient);
    },
  });
  const limits = { min: RECHARGE_MIN, max: formatMoney(RECHARGE_MAX) };
  const columns = useMemo(
    () => [
      { key: 'orderNo', dataIndex: 'orderNo', title: t('rechargePage.orderNo') },
      {
        key: 'amount',
        dataIndex: 'amount',
        title: t('payPage.amount'),
        align: 'right' as const,
        render: (v: string) => `¥${formatMoney(v)}`,
      },
      {
        key: 'method',
        dataIndex: 'method',
        title: t('rechargePage.method'),
        render: (v: PayMethod) => t(`rechargePage.methods.${v}`),
      },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('rechargePage.status'),
        render: (v: keyof typeof STATUS_COLOR) => (
          <Tag color={STATUS_COLOR[v]}>{t(`rechargePage.statuses.${v}`)}</Tag>
        ),
      },
      {
        key: 'createdAt',
        dataIndex: 'createdAt',
        title: t('rechargePage.createdAt'),
        render: (v: string) => parseTime(v, '{y}-{m}-{d} {h}:{i}'),
      },
      {
        key: 'actions',
        title: '',
        render: (_: unknown, row: RechargeOrder) =>
          row.status === 'created' && new Date(row.expiresAt) > new Date() ? (
            <Space>
              <ViewLink to={`/recharge-pay?no=${row.orderNo}`}>
                {t('rechargePage.continue')}
              </ViewLink>
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                onClick={() =>
                  modal.confirm({
                    title: t('rechargePage.closeConfirm'),
                    onOk: () => close.mutateAsync(row.orderNo).catch(() => {}),
                  })
                }
              >
                {t('rechargePage.close')}
              </Button>
            </Space>
          ) : null,
      },
    ],
    [t, modal, close],
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <RefetchWhenShown queryKey={recentRechargesQuery().queryKey} />
      <Card title={t('translation:route.recharge')}>
        <Form layout="vertical" style={{ maxWidth: 640 }} onFinish={() => submitPay()}>
          <Form.Item label={t('rechargePage.amount')} extra={t('rechargePage.limits', limits)}>
            <Radio.Group
              className="recharge-presets"
              optionType="button"
              buttonStyle="solid"
              value={preset}
              onChange={(event) => setPreset(event.target.value)}
              options={[
                ...RECHARGE_PRESETS.map((value) => ({
                  value,
                  label: `¥${formatMoney(new Big(value).toFixed(0))}`,
                })),
                { value: CUSTOM, label: t('rechargePage.custom') },
              ]}
            />
          </Form.Item>
          {preset === CUSTOM && (
            <Form.Item
              label={t('rechargePage.custom')}
              validateStatus={problem ? 'error' : undefined}
              help={problem}
            >
              <InputNumber<string>
                stringMode
                autoFocus
                aria-label={t('rechargePage.custom')}
                prefix="¥"
                precision={2}
                step="1"
                placeholder={t('rechargePage.customPlaceholder', limits)}
                style={{ width: 240 }}
                value={custom}
                onChange={(value) => setCustom(value)}
              />
            </Form.Item>
          )}
          <Form.Item label={t('rechargePage.method')}>
            <Radio.Group
              value={method}
              onChange={(event) => setMethod(event.target.value)}
              options={PAY_METHODS.map((value) => ({
                value,
                label: t(`rechargePage.methods.${value}`),
              }))}
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            disabled={!checked.success}
            loading={pay.isPending}
          >
            {t('rechargePage.submit', {
              amount: checked.success ? formatMoney(checked.data) : '—',
            })}
          </Button>
        </Form>
      </Card>
      <Card title={t('rechargePage.recent')} size="small" styles={{ body: { padding: 0 } }}>
        <Table<RechargeOrder>
          size="small"
          rowKey="orderNo"
          aria-label={t('rechargePage.recent')}
          loading={recent.isLoading}
          dataSource={recent.data?.items}
          columns={columns}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{
            emptyText: <Typography.Text type="secondary">{t('rechargePage.none')}</Typography.Text>,
          }}
        />
      </Card>
    </Space>
  );
}
