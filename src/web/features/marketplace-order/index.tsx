import {
  ExperimentOutlined,
  FilePdfOutlined,
  PrinterOutlined,
  SendOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import Big from 'big.js';
import { type Key, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CANCELLABLE,
  type MarketplaceOrderParts,
  type MarketplaceOrderStatus,
  REFUNDABLE,
  type ShipResult,
  shipToLines,
} from '../../../shared/marketplace-order';
import { CARRIERS } from '../../../shared/resources/marketplace-order';
import { request } from '../../api/request';
import { dynamicKey } from '../../i18n/keys';
import { downloadFile } from '../../kit/export-file';
import { OrderTimeline } from '../../kit/order-timeline';
import { RefundButton } from '../../kit/refund-button';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';
import { useSubmitOnce } from '../../kit/submit-once';
import { postFile } from '../../kit/upload';
import { ViewDrawer } from '../../kit/view-drawer';
import { useCan } from '../../stores/session';

const BASE = '/admin/marketplace-order';
const TRACKING = /^[A-Za-z0-9-]{1,40}$/;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [BASE] });
}

/** Says which rows did not ship and why, after a ship. */
function useShipReport() {
  const { t } = useTranslation('marketplace-order');
  const { message, modal } = App.useApp();
  return (result: ShipResult) => {
    if (result.shipped > 0) void message.success(t('shipDone', { count: result.shipped }));
    if (result.errors.length > 0)
      modal.warning({
        title: t('shipErrors', { count: result.errors.length }),
        width: 560,
        content: (
          <List
            size="small"
            dataSource={result.errors}
            renderItem={(error) => (
              <List.Item>
                {t('row', { row: error.row })} · {error.orderNo} ·{' '}
                {t(`shipReasons.${error.reason}`, { defaultValue: error.reason })}
              </List.Item>
            )}
          />
        ),
      });
  };
}

/**
 * Ships orders: one carrier for all (or each its own), a tracking number each. The orders are
 * those chosen in the list (`ids`) or one row.
 */
function ShipDialog({
  ids,
  open,
  onClose,
}: {
  ids: Key[];
  open: boolean;
  onClose(shipped: boolean): void;
}) {
  const { t } = useTranslation('marketplace-order');
  const [form] = Form.useForm<{
    carrier: string;
    orders: { id: number; orderNo: string; carrier?: string; trackingNo: string }[];
  }>();
  const refresh = useRefresh();
  const report = useShipReport();
  const rows = useQuery({
    queryKey: [BASE, 'ship', ids],
    enabled: open,
    queryFn: () =>
      Promise.all(ids.map((id) => request<ResourceRow>(`${BASE}/detail`, { id: Number(id) }))),
  });
  const ship = useMutation({
    mutationFn: (values: {
      carrier: string;
      orders: { id: number; carrier?: string; trackingNo: string }[];
    }) =>
      request<ShipResult>(`${BASE}/ship`, {
        shipments: values.orders.map((o) => ({
          id: o.id,
          carrier: o.carrier || values.carrier,
          trackingNo: o.trackingNo.trim(),
        })),
      }),
    onSuccess: (result) => {
      report(result);
      refresh();
      onClose(result.shipped > 0);
    },
  });
  const submitShip = useSubmitOnce(ship);
  const shippable = (rows.data ?? []).filter((row) => row.status === 'unshipped');
  const carriers = CARRIERS.map((c) => ({ value: c, label: t(`enums.carrier.${c}`) }));
  return (
    <Modal
      open={open}
      title={t('shipTitle', { count: shippable.length })}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('ship')}
      okButtonProps={{ disabled: shippable.length === 0 }}
      confirmLoading={ship.isPending}
      width={640}
      destroyOnHidden
    >
      {rows.data && shippable.length < rows.data.length && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('notShippable')} />
      )}
      {rows.data && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            carrier: 'UPS',
            // An order with a label bought ships with the label's carrier and number.
            orders: shippable.map((row) => ({
              id: row.id,
              orderNo: row.orderNo,
              carrier: (row.labelCarrier as string) || undefined,
              trackingNo: (row.labelTrackingNo as string) ?? '',
            })),
          }}
          onFinish={submitShip}
        >
          <Form.Item name="carrier" label={t('sameCarrier')}>
            <Select options={carriers} style={{ width: 200 }} />
          </Form.Item>
          <Form.List name="orders">
            {(fields) =>
              fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item name={[field.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Typography.Text style={{ display: 'inline-block', width: 180 }}>
                    {form.getFieldValue(['orders', field.name, 'orderNo'])}
                  </Typography.Text>
                  <Form.Item name={[field.name, 'carrier']}>
                    <Select
                      allowClear
                      placeholder={t('fields.carrier')}
                      options={carriers}
                      style={{ width: 130 }}
                      aria-label={t('fields.carrier')}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'trackingNo']}
                    rules={[
                      { required: true, message: t('rules.trackingNo') },
                      { pattern: TRACKING, message: t('rules.trackingNo') },
                    ]}
                  >
                    <Input
                      placeholder={t('fields.trackingNo')}
                      aria-label={`${t('fields.trackingNo')} ${form.getFieldValue(['orders', field.name, 'orderNo'])}`}
                      maxLength={40}
                      style={{ width: 220 }}
                    />
                  </Form.Item>
                </Space>
              ))
            }
          </Form.List>
        </Form>
      )}
    </Modal>
  );
}

/** Ships the chosen orders. */
function BulkShip({ ids, onDone }: { ids: Key[]; onDone(): void }) {
  const { t } = useTranslation('marketplace-order');
  const [open, setOpen] = useState(false);
  if (!useCan('orders-list.ship')) return null;
  return (
    <>
      <Button icon={<SendOutlined />} disabled={ids.length === 0} onClick={() => setOpen(true)}>
        {ids.length > 0 ? t('shipMany', { count: ids.length }) : t('ship')}
      </Button>
      <ShipDialog
        ids={ids}
        open={open}
        onClose={(shipped) => {
          setOpen(false);
          if (shipped) onDone();
        }}
      />
    </>
  );
}

/** Ships one unshipped order from its row. */
function RowShip({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('marketplace-order');
  const [open, setOpen] = useState(false);
  const may = useCan('orders-list.ship');
  if (!may || row.status !== 'unshipped') return null;
  return (
    <>
      <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(true)}>
        {t('ship')}
      </Button>
      <ShipDialog ids={[row.id]} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** Ships by a file of order numbers, carriers and tracking numbers; its template lists the orders to ship. */
function ShipFile() {
  const { t } = useTranslation('marketplace-order');
  const input = useRef<HTMLInputElement>(null);
  const refresh = useRefresh();
  const report = useShipReport();
  const upload = useMutation({
    mutationFn: (file: File) => postFile<ShipResult>(`${BASE}/ship-file`, file),
    onSuccess: (result) => {
      report(result);
      refresh();
    },
  });
  if (!useCan('orders-list.ship')) return null;
  return (
    <Space.Compact>
      <Button
        icon={<UploadOutlined />}
        loading={upload.isPending}
        title={t('shipFileHelp')}
        onClick={() => input.current?.click()}
      >
        {t('shipFile')}
      </Button>
      <Button
        onClick={() => void downloadFile(`${BASE}/ship-template`, {}, () => {}).catch(() => {})}
      >
        {t('shipTemplate')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".xlsx,.csv,text/csv"
        hidden
        aria-label={t('shipFile')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
    </Space.Compact>
  );
}

interface LiveListing {
  id: number;
  sellerSku: string;
  title: string;
  marketplace: string;
  site: string;
  price: string;
  currency: string;
  stock: number;
}

/**
 * The sandbox marketplace's own panel: a person plays the marketplace's buyer (buys a live
 * listing) and its carrier (delivers a shipped order), as the real one would do on its own.
 */
function SandboxMarketplace() {
  const { t } = useTranslation('marketplace-order');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ listingId: number; quantity: number; buyer: string }>();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const live = useQuery({
    queryKey: [BASE, 'sandbox', 'listings'],
    enabled: open,
    queryFn: () => request<LiveListing[]>(`${BASE}/sandbox/listings`, {}),
  });
  const transit = useQuery({
    queryKey: [BASE, 'sandbox', 'transit'],
    enabled: open,
    queryFn: () =>
      request<
        { id: number; orderNo: string; buyer: string; carrier: string | null; trackingNo: string }[]
      >(`${BASE}/sandbox/in-transit`, {}),
  });
  const buy = useMutation({
    mutationFn: (values: { listingId: number; quantity: number; buyer: string }) =>
      request<{ orderNo: string }>(`${BASE}/sandbox/buy`, values),
    onSuccess: (order) => {
      void message.success(t('sandbox.bought', { orderNo: order.orderNo }));
      refresh();
      // The marketplace checks the payment for a few seconds: the list is read again then.
      setTimeout(refresh, 6000);
      void queryClient.invalidateQueries({ queryKey: [BASE, 'sandbox'] });
    },
  });
  const submitBuy = useSubmitOnce(buy);
  const deliver = useMutation({
    mutationFn: (order: { id: number; orderNo: string }) =>
      request(`${BASE}/sandbox/deliver`, { id: order.id }).then(() => order),
    onSuccess: (order) => {
      void message.success(t('sandbox.delivered', { orderNo: order.orderNo }));
      refresh();
    },
  });
  return (
    <>
      <Button icon={<ExperimentOutlined />} onClick={() => setOpen(true)}>
        {t('sandbox.open')}
      </Button>
      <ViewDrawer open={open} onClose={() => setOpen(false)} title={t('sandbox.title')} size={520}>
        <Alert type="info" showIcon message={t('sandbox.note')} style={{ marginBottom: 16 }} />
        {live.data && live.data.length === 0 ? (
          <Alert type="warning" message={t('sandbox.listingEmpty')} />
        ) : (
          <Form
            form={form}
            layout="vertical"
            initialValues={{ quantity: 1, buyer: 'Sandbox Buyer' }}
            onFinish={submitBuy}
          >
            <Form.Item name="listingId" label={t('sandbox.listing')} rules={[{ required: true }]}>
              <Select
                showSearch
                optionFilterProp="label"
                loading={live.isLoading}
                options={live.data?.map((l) => ({
                  value: l.id,
                  label: `${l.sellerSku} · ${l.title} · ${l.price} ${l.currency} · ${t(dynamicKey(`enums.site.${l.site}`))} (${l.stock})`,
                }))}
              />
            </Form.Item>
            <Space>
              <Form.Item name="quantity" label={t('sandbox.quantity')} rules={[{ required: true }]}>
                <InputNumber min={1} max={20} precision={0} />
              </Form.Item>
              <Form.Item
                name="buyer"
                label={t('sandbox.buyer')}
                rules={[{ required: true, whitespace: true }]}
              >
                <Input maxLength={64} style={{ width: 220 }} />
              </Form.Item>
            </Space>
            <Button type="primary" htmlType="submit" loading={buy.isPending}>
              {t('sandbox.buy')}
            </Button>
          </Form>
        )}
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          {t('sandbox.inTransit')}
        </Typography.Title>
        <List
          size="small"
          loading={transit.isLoading}
          locale={{ emptyText: t('sandbox.inTransitEmpty') }}
          dataSource={transit.data}
          renderItem={(order) => (
            <List.Item
              actions={[
                <Button
                  key="deliver"
                  size="small"
                  loading={deliver.isPending && deliver.variables?.id === order.id}
                  onClick={() => deliver.mutate(order)}
                >
                  {t('sandbox.deliver')}
                </Button>,
              ]}
            >
              {order.orderNo} · {order.buyer} · {order.carrier} {order.trackingNo}
            </List.Item>
          )}
        />
      </ViewDrawer>
    </>
  );
}

/** Where the order goes, as the packing slip prints it. */
function ShipTo({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('marketplace-order');
  const lines = shipToLines({
    shipName: String(row.shipName ?? ''),
    shipAddress1: String(row.shipAddress1 ?? ''),
    shipAddress2: String(row.shipAddress2 ?? ''),
    shipCity: String(row.shipCity ?? ''),
    shipState: String(row.shipState ?? ''),
    shipPostalCode: String(row.shipPostalCode ?? ''),
    shipCountry: String(row.shipCountry ?? ''),
  });
  return (
    <section aria-label={t('shipTo')} data-testid="ship-to">
      <Typography.Title level={5}>{t('shipTo')}</Typography.Title>
      {lines.length === 0 ? (
        <Typography.Text type="secondary">{t('noAddress')}</Typography.Text>
      ) : (
        <address style={{ fontStyle: 'normal' }}>
          {lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
          {row.shipPhone ? <div>{String(row.shipPhone)}</div> : null}
        </address>
      )}
    </section>
  );
}

/** The packing slip (any order) and the shipping label (one to ship) as PDFs to print. */
function PackingPapers({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('marketplace-order');
  const { message } = App.useApp();
  const refresh = useRefresh();
  const mayShip = useCan('orders-list.ship');
  const slip = useMutation({
    mutationFn: () => downloadFile(`${BASE}/packing-slip`, { ids: [row.id] }, () => {}),
  });
  const label = useMutation({
    mutationFn: () => downloadFile(`${BASE}/label`, { id: row.id }, () => {}),
    onSuccess: () => {
      void message.success(t('labelReady'));
      refresh();
    },
  });
  const labelled = Boolean(row.labelTrackingNo);
  return (
    <>
      <Button icon={<FilePdfOutlined />} loading={slip.isPending} onClick={() => slip.mutate()}>
        {t('packingSlip')}
      </Button>
      {mayShip && !row.accountId && (row.status === 'unshipped' || labelled) && (
        <Button icon={<PrinterOutlined />} loading={label.isPending} onClick={() => label.mutate()}>
          {t('label')}
        </Button>
      )}
    </>
  );
}

/** An order's lines and timeline, and what may be done with it. */
function OrderDetail({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('marketplace-order');
  const { modal, message } = App.useApp();
  const refresh = useRefresh();
  const canMoney = useCan('orders-list.refund');
  const parts = useQuery({
    queryKey: [BASE, 'parts', row.id, row.status, row.refundCny],
    queryFn: () => request<MarketplaceOrderParts>(`${BASE}/parts`, { id: row.id }),
  });
  const cancel = useMutation({
    mutationFn: (reason: string) => request(`${BASE}/cancel`, { id: row.id, reason }),
    onSuccess: () => {
      void message.success(t('cancelled'));
      refresh();
    },
  });
  const status = row.status as MarketplaceOrderStatus;
  const left = new Big(row.totalAmount as string)
    .minus((row.refundAmount as string) ?? '0')
    .toFixed(2);
  const refundable = REFUNDABLE.includes(status) && Number(left) > 0;
  const reason = useRef('');
  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 16 }} size="middle">
      <ShipTo row={row} />
      <Space wrap>
        <RowShip row={row} />
        <PackingPapers row={row} />
        {canMoney && refundable && (
          <RefundButton
            url={`${BASE}/refund`}
            id={row.id}
            orderNo={row.orderNo as string}
            left={left}
            text={{
              refund: t('refund'),
              amount: t('refundAmount', { currency: row.currency }),
              left: t('refundLeft', { amount: left, currency: row.currency }),
              tooMuch: t('refundTooMuch', { amount: left, currency: row.currency }),
              reason: t('reason'),
              confirm: (amount) => t('refundConfirm', { amount, currency: row.currency }),
              done: () => t('refundDone'),
            }}
            onDone={refresh}
          />
        )}
        {canMoney && CANCELLABLE.includes(status) && (
          <Button
            danger
            loading={cancel.isPending}
            onClick={() =>
              modal.confirm({
                title: t('cancelConfirm', { orderNo: row.orderNo }),
                content: (
                  <Input
                    aria-label={t('cancelReason')}
                    placeholder={t('cancelReason')}
                    maxLength={200}
                    onChange={(event) => {
                      reason.current = event.target.value;
                    }}
                  />
                ),
                okButtonProps: { danger: true },
                onOk: () => cancel.mutateAsync(reason.current),
              })
            }
          >
            {t('cancel')}
          </Button>
        )}
      </Space>
      <Typography.Title level={5}>{t('items')}</Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        loading={parts.isLoading}
        dataSource={parts.data?.items}
        scroll={{ x: 420 }}
        columns={[
          { title: t('fields.skus'), dataIndex: 'sellerSku' },
          { title: t('fields.itemsSummary'), dataIndex: 'title' },
          { title: t('unitPrice'), dataIndex: 'unitPrice', align: 'right' },
          { title: t('quantity'), dataIndex: 'quantity', align: 'right' },
          { title: t('amountCny'), dataIndex: 'amountCny', align: 'right' },
        ]}
      />
      <Typography.Title level={5}>{t('timeline')}</Typography.Title>
      <OrderTimeline
        events={parts.data?.events}
        eventLabel={(type) => t(`events.${type}`, { defaultValue: type })}
        actorLabel={(actor) => (actor === 'marketplace' ? t('fields.marketplace') : actor)}
      />
    </Space>
  );
}

/** A sum in yuan, or a dash for none. */
const yuanOrNone = (value: unknown) => (Number(value) > 0 ? `¥${value as string}` : '—');

/** /orders-list: shipping (chosen rows, one row, a file), the sandbox marketplace, and the drawer. */
export default {
  toolbar: () => (
    <>
      <ShipFile />
      <SandboxMarketplace />
    </>
  ),
  bulk: BulkShip,
  rowActions: { render: RowShip, width: 40 },
  sections: { detail: OrderDetail },
  cells: {
    refundCny: yuanOrNone,
    // A cancelled order is charged no fee.
    feesCny: (value, row) => (row.status === 'cancelled' ? '—' : yuanOrNone(value)),
    totalAmount: (value, row) => `${value as string} ${row.currency as string}`,
  },
  phoneColumns: ['status', 'totalCny'],
  // The marketplace confirms a buyer's payment on its own time: the order turns to-ship on screen.
  waiting: (row) => row.status === 'pending',
} satisfies ResourceOverrides;
