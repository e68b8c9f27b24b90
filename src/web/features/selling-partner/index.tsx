import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Checkbox,
  DatePicker,
  Descriptions,
  Form,
  InputNumber,
  Modal,
  Space,
  Table,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../../shared/format';
import { request } from '../../api/request';
import { QrLinkButton } from '../../kit/qr-link';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';
import { useCan } from '../../stores/session';

const PARTNERS = '/admin/selling-partner';

interface Settlement {
  id: number;
  until: string;
  orderCount: number;
  amount: string;
  operator: string;
  createdAt: string;
}

type SettleSum = { count: number; amount: string; currency: 'CNY' };

/**
 * Settles a partner's commission up to a moment (now by default), after asking: what each order
 * paid before then is due beyond what was paid out, in one settlement. The dialog says the sum
 * (and its currency) before it is confirmed; the server refuses a sum that changed meanwhile.
 */
function SettleButton({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('selling-partner');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [until, setUntil] = useState<Dayjs>(() => dayjs());
  const due = useQuery({
    queryKey: [PARTNERS, 'settle-preview', row.id, until.toISOString()],
    queryFn: () =>
      request<SettleSum>(`${PARTNERS}/settle-preview`, {
        id: row.id,
        until: until.toISOString(),
      }),
    enabled: open,
  });
  const settle = useMutation({
    mutationFn: () =>
      request<SettleSum>(`${PARTNERS}/settle`, {
        id: row.id,
        until: until.toISOString(),
        amount: due.data?.amount,
      }),
    onError: () => void due.refetch(),
    onSuccess: (done) => {
      setOpen(false);
      if (done.count === 0) void message.info(t('settleNothing'));
      else void message.success(t('settleOk', done));
      void queryClient.invalidateQueries({ queryKey: [PARTNERS] });
      void queryClient.invalidateQueries({ queryKey: ['/admin/extension-order'] });
    },
  });
  return (
    <>
      <Button
        type="link"
        style={{ padding: 0 }}
        onClick={() => {
          setUntil(dayjs());
          setOpen(true);
        }}
      >
        {t('settle')}
      </Button>
      <Modal
        open={open}
        title={t('settleTitle', { name: row.name })}
        okText={due.data ? t('settleConfirm', { amount: due.data.amount }) : t('settle')}
        // Nothing to pay out or take back: nothing to confirm.
        okButtonProps={{ disabled: !due.data || due.isFetching || due.data.count === 0 }}
        confirmLoading={settle.isPending}
        onOk={() => settle.mutate()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('settleUntil')} extra={t('settleUntilHelp')}>
            <DatePicker
              showTime
              value={until}
              allowClear={false}
              onChange={(value) => value && setUntil(value)}
              disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            />
          </Form.Item>
        </Form>
        <Descriptions
          bordered
          size="small"
          column={1}
          data-testid="settle-due"
          items={[
            {
              key: 'due',
              label: t('settleDue', { count: due.data?.count ?? 0 }),
              children: (
                <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {due.data ? `¥${due.data.amount} ${t('settleCurrency')}` : '…'}
                </Typography.Text>
              ),
            },
          ]}
        />
        {due.data && Number(due.data.amount) < 0 && (
          <Typography.Paragraph type="warning" style={{ marginTop: 8 }}>
            {t('settleTakeBack')}
          </Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}

/**
 * 通过 an applicant: the rate is asked in the same dialog (an applicant comes at 0 %), and a rate of
 * 0 only goes with the box that says it is meant.
 */
function ApproveButton({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('selling-partner');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ commissionRate: number | null; zero: boolean }>();
  const rate = Form.useWatch('commissionRate', form);
  const approve = useMutation({
    mutationFn: (values: { commissionRate: number; zero: boolean }) =>
      request(`${PARTNERS}/approve-rate`, {
        id: row.id,
        commissionRate: String(values.commissionRate),
        zero: values.zero,
      }),
    onSuccess: (_, values) => {
      setOpen(false);
      void message.success(t('approved', { rate: values.commissionRate }));
      void queryClient.invalidateQueries({ queryKey: [PARTNERS] });
    },
  });
  const current = Number(row.commissionRate);
  return (
    <>
      <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(true)}>
        {t('transitions.approve')}
      </Button>
      <Modal
        open={open}
        title={t('approveTitle', { name: row.name })}
        okText={t('transitions.approve')}
        confirmLoading={approve.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ commissionRate: current > 0 ? current : null, zero: false }}
          onFinish={(values) =>
            approve.mutate({ commissionRate: values.commissionRate ?? 0, zero: values.zero })
          }
        >
          <Form.Item
            name="commissionRate"
            label={t('fields.commissionRate')}
            extra={t('approveRateHelp')}
            rules={[{ required: true, message: t('zeroRate') }]}
          >
            <InputNumber min={0} max={50} precision={2} step={1} suffix="%" autoFocus />
          </Form.Item>
          {rate === 0 && (
            <Form.Item
              name="zero"
              valuePropName="checked"
              rules={[
                {
                  validator: (_, checked) =>
                    checked ? Promise.resolve() : Promise.reject(new Error(t('zeroRate'))),
                },
              ]}
            >
              <Checkbox>{t('approveZero')}</Checkbox>
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}

/** An approved partner's invite link and QR code; settling, for those who may. */
function PartnerActions({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('selling-partner');
  const maySettle = useCan('selling-partner-list.settle');
  return (
    <Space size="small">
      {row.status === 'pending' && <ApproveButton row={row} />}
      <QrLinkButton
        label={t('invite')}
        title={t('inviteTitle', { name: row.name })}
        caption={String(row.inviteCode)}
        hint={t('inviteHint')}
        download={t('download')}
        call={[`${PARTNERS}/invite`, { id: row.id }]}
        disabled={row.status !== 'approved'}
      />
      {maySettle && <SettleButton row={row} />}
    </Space>
  );
}

/** The partner's settlements, newest first, in its detail. */
function Settlements({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('selling-partner');
  const settlements = useQuery({
    queryKey: [PARTNERS, 'settlements', row.id],
    queryFn: () => request<Settlement[]>(`${PARTNERS}/settlements`, { id: row.id }),
  });
  return (
    <>
      <Typography.Title level={5}>{t('settlements')}</Typography.Title>
      <Table<Settlement>
        size="small"
        rowKey="id"
        loading={settlements.isLoading}
        dataSource={settlements.data ?? []}
        pagination={false}
        locale={{ emptyText: t('settlementsEmpty') }}
        columns={[
          { title: t('settledAt'), dataIndex: 'createdAt', render: (v) => parseTime(v) },
          { title: t('settleUntil'), dataIndex: 'until', render: (v) => parseTime(v) },
          { title: t('settleOrders'), dataIndex: 'orderCount', align: 'right' },
          { title: t('settleAmount'), dataIndex: 'amount', align: 'right' },
          { title: t('operator'), dataIndex: 'operator' },
        ]}
      />
    </>
  );
}

/** The settlements under the partner's own page (a new one has none). */
const FormSettlements = ({ row }: { row: ResourceRow | null }) =>
  row ? <Settlements row={row} /> : null;

/**
 * /selling-partner-list: invite links, settling commission, and each partner's settlements on its
 * page (the one it is edited on: a resource with a page has no detail drawer).
 */
export default {
  rowActions: { render: PartnerActions, width: 90 },
  // An applicant is approved with its rate (ApproveButton, counted in the transitions' width).
  offers: (action) => action !== 'approve',
  sections: { detail: Settlements, form: FormSettlements },
  phoneColumns: ['status'],
} satisfies ResourceOverrides;
