import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Modal, Space, Table, Typography } from 'antd';
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

/**
 * Settles a partner's commission up to a moment (now by default), after asking: what each order
 * paid before then is due beyond what was paid out, in one settlement.
 */
function SettleButton({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('selling-partner');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [until, setUntil] = useState<Dayjs>(() => dayjs());
  const settle = useMutation({
    mutationFn: () =>
      request<{ count: number; amount: string }>(`${PARTNERS}/settle`, {
        id: row.id,
        until: until.toISOString(),
      }),
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
        okText={t('settle')}
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
  sections: { detail: Settlements, form: FormSettlements },
  phoneColumns: ['status'],
} satisfies ResourceOverrides;
