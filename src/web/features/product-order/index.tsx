import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Space, Table, Typography } from 'antd';
import Big from 'big.js';
import { useTranslation } from 'react-i18next';
import { type OrderParts, PAID_STATUSES } from '../../../shared/product-order';
import { request } from '../../api/request';
import { dynamicKey } from '../../i18n/keys';
import { OrderTimeline } from '../../kit/order-timeline';
import { RefundButton } from '../../kit/refund-button';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';
import { useCan } from '../../stores/session';
import { LiveOrders } from './live-orders';
import { refundStatusOf } from './refund-status';
import { StatementButton } from './statement';

const ORDERS = '/admin/product-order';

/** An order's lines and timeline, read once per state of the order. */
const usePartsOf = (row: ResourceRow) =>
  useQuery({
    queryKey: [ORDERS, 'parts', row.id, row.status, row.refundStatus],
    queryFn: () => request<OrderParts>(`${ORDERS}/parts`, { id: row.id }),
  });

/** What can be done with an order and its money: above its sections in the drawer. */
function OrderActions({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('product-order');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [ORDERS] });
  const cancel = useMutation({
    mutationFn: () => request(`${ORDERS}/cancel`, { id: row.id, reason: '' }),
    onSuccess: () => {
      void message.success(t('cancelled'));
      refresh();
    },
  });
  const reject = useMutation({
    mutationFn: () => request(`${ORDERS}/reject-refund`, { id: row.id, reason: '' }),
    onSuccess: refresh,
  });
  const reprint = useMutation({
    mutationFn: () => request<{ printers: number }>(`${ORDERS}/reprint`, { id: row.id }),
    onSuccess: (data) => void message.success(t('reprinted', { count: data.printers })),
  });
  /** 拒单: the reason is asked (the customer sees it), then the whole sum goes back. */
  const rejectOrder = () => {
    let reason = '';
    modal.confirm({
      title: t('rejectConfirm', { orderNo: row.orderNo, amount: left }),
      okText: t('reject'),
      okButtonProps: { danger: true },
      content: (
        <Input.TextArea
          aria-label={t('rejectReason')}
          placeholder={t('rejectReasonRequired')}
          maxLength={200}
          onChange={(e) => {
            reason = e.target.value;
          }}
        />
      ),
      onOk: async () => {
        if (!reason.trim()) {
          void message.error(t('rejectReasonRequired'));
          throw new Error('reason');
        }
        await request(`${ORDERS}/reject`, { id: row.id, reason });
        void message.success(t('rejected', { amount: left }));
        refresh();
      },
    });
  };
  const status = row.status as (typeof PAID_STATUSES)[number];
  const left = new Big(row.totalAmount as string).minus(row.refundedAmount as string).toFixed(2);
  const refundable = PAID_STATUSES.includes(status) && Number(left) > 0;
  // Money goes back (or a refund is refused) only with the refund permission.
  const mayRefund = useCan('product-order.refund');
  return (
    <Space wrap data-testid="order-actions">
      {mayRefund && (status === 'paid' || status === 'accepted') && Number(left) > 0 && (
        <Button danger onClick={rejectOrder}>
          {t('reject')}
        </Button>
      )}
      {(PAID_STATUSES.includes(status) || row.status === 'refunded') && (
        <Button loading={reprint.isPending} onClick={() => reprint.mutate()}>
          {t('reprint')}
        </Button>
      )}
      {mayRefund && refundable && (
        <RefundButton
          url={`${ORDERS}/refund`}
          id={row.id}
          orderNo={row.orderNo as string}
          left={left}
          asked={Number(row.refundRequested) > 0 ? (row.refundRequested as string) : undefined}
          prefix="¥"
          text={{
            refund: t('refund'),
            amount: t('refundAmount'),
            left: t('refundAmountHelp', { max: left }),
            tooMuch: t('errors.refundTooMuch', { max: left }),
            reason: t('refundReasonLabel'),
            confirm: (amount) => t('refundConfirm', { amount }),
            done: (amount) => t('refundDone', { amount }),
          }}
          onDone={refresh}
        />
      )}
      {mayRefund && row.refundStatus === 'requested' && (
        <Button loading={reject.isPending} onClick={() => reject.mutate()}>
          {t('rejectRefund')}
        </Button>
      )}
      {status === ('unpaid' as never) && (
        <Button
          danger
          loading={cancel.isPending}
          onClick={() =>
            modal.confirm({
              title: t('cancelConfirm', { orderNo: row.orderNo }),
              okButtonProps: { danger: true },
              onOk: () => cancel.mutateAsync(),
            })
          }
        >
          {t('cancel')}
        </Button>
      )}
    </Space>
  );
}

/** Who did a step of the order: the customer, the gateway, the system, else a staff member. */
function useActorLabel() {
  const { t } = useTranslation('product-order');
  return (name: string): string =>
    ['customer', 'gateway', 'system'].includes(name)
      ? t(dynamicKey(`actors.${name}`))
      : t('actors.staff', { name });
}

/** 商品 and 时间线: the order's lines, and its timeline as the marketplace orders' reads. */
function OrderLinesAndTimeline({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('product-order');
  const parts = usePartsOf(row);
  const actor = useActorLabel();
  return (
    <>
      <section data-testid="detail-items">
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('sections.items')}
        </Typography.Title>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          loading={parts.isLoading}
          dataSource={parts.data?.items}
          columns={[
            {
              title: t('fields.itemsSummary'),
              dataIndex: 'name',
              // A combination with its own SKU code names it, as the kitchen's stock list does.
              render: (name, item) =>
                item.skuCode ? (
                  <>
                    {name}
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                      SKU {item.skuCode}
                    </Typography.Text>
                  </>
                ) : (
                  name
                ),
            },
            { title: t('specs'), dataIndex: 'specsLabel' },
            {
              title: t('unitPrice'),
              dataIndex: 'unitPrice',
              align: 'right',
              render: (v) => `¥${v}`,
            },
            {
              title: t('quantity'),
              dataIndex: 'quantity',
              align: 'right',
              render: (v, item) =>
                item.refundedQuantity > 0
                  ? `${v}（${t('refundedQuantity', { count: item.refundedQuantity })}）`
                  : v,
            },
            { title: t('amount'), dataIndex: 'amount', align: 'right', render: (v) => `¥${v}` },
          ]}
        />
      </section>
      <section data-testid="detail-timeline">
        <Typography.Title level={5}>{t('sections.timeline')}</Typography.Title>
        <OrderTimeline
          events={parts.data?.events}
          eventLabel={(type) => t(`events.${type}`, { defaultValue: type })}
          actorLabel={actor}
        />
      </section>
    </>
  );
}

const hasMoney = (value: unknown) => Number(value) > 0;

/**
 * The drawer's sections: 订单 (what and how), 顾客 (who, where, what they asked), 金额 (what was
 * paid, saved and given back: a sum of nothing left out), then 商品 and 时间线
 * (OrderLinesAndTimeline).
 */
function orderGroups(row: ResourceRow) {
  const money = [
    'totalAmount',
    hasMoney(row.deliveryFee) && 'deliveryFee',
    hasMoney(row.packagingFee) && 'packagingFee',
    hasMoney(row.discountAmount) && 'extensionName',
    hasMoney(row.discountAmount) && 'discountAmount',
    hasMoney(row.couponDiscount) && 'couponName',
    hasMoney(row.couponDiscount) && 'couponDiscount',
    row.refundStatus !== 'none' && 'refundStatus',
    hasMoney(row.refundRequested) && 'refundRequested',
    hasMoney(row.refundedAmount) && 'refundedAmount',
    'refundReason',
  ];
  return [
    {
      key: 'order',
      fields: [
        'status',
        'mode',
        'pickupNo',
        'tableName',
        'diners',
        'itemsSummary',
        'payManner',
        'tradeNo',
        'createdAt',
        'paidAt',
        'completedAt',
      ],
    },
    { key: 'customer', fields: ['buyerPhone', 'contactPhone', 'address', 'remark'] },
    { key: 'money', fields: money.filter((key): key is string => !!key) },
  ];
}

/** /product-order: 对账单 and the live feed in the toolbar; lines, timeline, refunds in the drawer. */
const moneyOrNone = (value: unknown) => (Number(value) > 0 ? `¥${value as string}` : '—');

/** The refund's state in words: 部分退款 while part of the money is still the store's. */
function RefundStatusText({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('product-order');
  const status = refundStatusOf(row);
  return (
    <>{status === 'partly' ? t('refundedPartly') : t(dynamicKey(`enums.refundStatus.${status}`))}</>
  );
}

/** An order to be paid at the counter, not paid yet, reads 待收款: someone is walking to the till. */
function StatusText({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('product-order');
  return (
    <>
      {row.status === 'unpaid' && row.payManner === 'counter'
        ? t('counterUnpaid')
        : t(dynamicKey(`enums.status.${row.status as string}`))}
    </>
  );
}

/** An order's row on a phone, under its number: its state, sum and pickup number, then its dishes. */
function PhoneSummary({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('product-order');
  const facts = [
    t(dynamicKey(`enums.mode.${row.mode as string}`)),
    (row.pickupNo as string) || (row.tableName as string),
  ].filter(Boolean);
  return (
    // At most the phone's room for it: a table sized to its content would not wrap it.
    <div data-testid="order-phone-summary" style={{ fontSize: 12, lineHeight: 1.6, maxWidth: 176 }}>
      <Space size={8} wrap>
        <Typography.Text strong>
          <StatusText row={row} />
        </Typography.Text>
        <Typography.Text strong>¥{row.totalAmount as string}</Typography.Text>
        {Number(row.refundedAmount) > 0 && (
          <Typography.Text type="danger">
            <RefundStatusText row={row} />
          </Typography.Text>
        )}
        <Typography.Text type="secondary">{facts.join(' · ')}</Typography.Text>
      </Space>
      <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
        {row.itemsSummary as string}
      </Typography.Text>
    </div>
  );
}

/** The toolbar: 对账单, then the live feed's state and its sound. */
function Toolbar() {
  return (
    <>
      <StatementButton />
      <LiveOrders />
    </>
  );
}

export default {
  toolbar: Toolbar,
  cells: {
    status: (_, row) => <StatusText row={row} />,
    refundStatus: (_, row) => <RefundStatusText row={row} />,
    refundRequested: moneyOrNone,
    refundedAmount: moneyOrNone,
    deliveryFee: moneyOrNone,
    packagingFee: moneyOrNone,
  },
  sections: { detailTop: OrderActions, detail: OrderLinesAndTimeline },
  detailGroups: orderGroups,
  // A delivered order goes out for delivery; any other is made ready at the counter.
  offers: (transition, row) =>
    transition === 'deliver'
      ? row.mode === 'delivery'
      : transition === 'ready'
        ? row.mode !== 'delivery'
        : true,
  phoneSummary: PhoneSummary,
} satisfies ResourceOverrides;
