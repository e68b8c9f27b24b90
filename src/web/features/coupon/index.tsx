import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { offerWords } from '../../../shared/extension';
import { parseTime } from '../../../shared/format';
import { request } from '../../api/request';
import { dynamicKey } from '../../i18n/keys';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';
import { useCan } from '../../stores/session';

const COUPONS = '/admin/coupon';

interface HistoryRow {
  id: number;
  customerName: string;
  source: 'issued' | 'claimed';
  code: string;
  state: 'unused' | 'used' | 'expired';
  createdAt: string;
  validUntil: string;
  orderNo: string;
  usedAt: string | null;
}

const STATE_COLORS = { unused: 'blue', used: 'green', expired: 'default' } as const;

/** A coupon's offer in words ("满 50 减 10 元", "9 折"). */
function Offer({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('coupon');
  const { key, params } = offerWords(row);
  return <>{t(dynamicKey(key.replace('extension:', 'coupon:')), params)}</>;
}

/** Issues the coupon to customers chosen by name or phone, after asking. */
function IssueButton({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('coupon');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  // Each chosen customer with its label, so that a later search leaves its tag named.
  const [chosen, setChosen] = useState<{ value: number; label: string }[]>([]);
  const options = useQuery({
    queryKey: [COUPONS, 'customers', keyword],
    queryFn: () =>
      request<{ id: number; name: string; phone: string }[]>(`${COUPONS}/customers`, { keyword }),
    enabled: open,
    // The list stays while a search runs: an option is not taken away under the pointer.
    placeholderData: keepPreviousData,
  });
  const issue = useMutation({
    mutationFn: () =>
      request<{ count: number }>(`${COUPONS}/issue`, {
        id: row.id,
        customerIds: chosen.map((c) => c.value),
      }),
    onSuccess: (done) => {
      setOpen(false);
      void message.success(t('issueOk', done));
      void queryClient.invalidateQueries({ queryKey: [COUPONS] });
    },
  });
  return (
    <>
      <Button
        type="link"
        style={{ padding: 0 }}
        disabled={row.status !== 'active'}
        onClick={() => {
          setChosen([]);
          setOpen(true);
        }}
      >
        {t('issue')}
      </Button>
      <Modal
        open={open}
        title={t('issueTitle', { name: row.name })}
        okText={t('issue')}
        okButtonProps={{ disabled: chosen.length === 0 }}
        confirmLoading={issue.isPending}
        onOk={() => issue.mutate()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('issueCustomers')}>
            <Select
              mode="multiple"
              labelInValue
              aria-label={t('issueCustomers')}
              showSearch
              filterOption={false}
              onSearch={setKeyword}
              loading={options.isFetching}
              value={chosen}
              onChange={setChosen}
              options={(options.data ?? []).map((c) => ({
                value: c.id,
                label: `${c.name} ${c.phone}`.trim(),
              }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** Issuing, for those who may. */
function CouponActions({ row }: { row: ResourceRow }) {
  const mayIssue = useCan('coupon-list.issue');
  return mayIssue ? <IssueButton row={row} /> : null;
}

/** Who got the coupon, how and when, and whether (and by which order) it was used. */
function History({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('coupon');
  const history = useQuery({
    queryKey: [COUPONS, 'history', row.id],
    queryFn: () => request<HistoryRow[]>(`${COUPONS}/history`, { id: row.id }),
  });
  return (
    <>
      <Typography.Title level={5}>{t('history')}</Typography.Title>
      <Table<HistoryRow>
        size="small"
        rowKey="id"
        data-testid="coupon-history"
        loading={history.isLoading}
        dataSource={history.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('historyEmpty') }}
        columns={[
          { title: t('customer'), dataIndex: 'customerName', render: (v) => v || '—' },
          { title: t('source'), dataIndex: 'source', render: (v) => t(dynamicKey(`sources.${v}`)) },
          {
            title: <span title={t('codeHelp')}>{t('code')}</span>,
            dataIndex: 'code',
            render: (v) => (v ? <Typography.Text copyable>{v}</Typography.Text> : '—'),
          },
          { title: t('time'), dataIndex: 'createdAt', render: (v) => parseTime(v) },
          {
            title: t('state'),
            dataIndex: 'state',
            render: (v: HistoryRow['state']) => (
              <Tag color={STATE_COLORS[v]}>{t(`states.${v}`)}</Tag>
            ),
          },
          { title: t('order'), dataIndex: 'orderNo', render: (v) => v || '—' },
        ]}
      />
    </>
  );
}

/** The history under the coupon's own page (a new one has none). */
const FormHistory = ({ row }: { row: ResourceRow | null }) => (row ? <History row={row} /> : null);

/**
 * /coupon-list: each coupon's offer in words, issuing it to customers, and its history on its
 * page (the one it is edited on: a resource with a page has no detail drawer).
 */
export default {
  cells: { value: (_value, row) => <Offer row={row} /> },
  rowActions: { render: CouponActions, width: 50 },
  sections: { detail: History, form: FormHistory },
  phoneColumns: ['status'],
} satisfies ResourceOverrides;
