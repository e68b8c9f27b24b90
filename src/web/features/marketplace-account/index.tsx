import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';

const ACCOUNTS = '/admin/marketplace-account';

interface ConnectionCheck {
  status: 'connected' | 'failed';
  code: string;
  amazonMessage: string;
}

/** A row's own buttons: import the account's orders now, and ask Amazon now. */
function AccountActions({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('marketplace-account');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const test = useMutation({
    mutationFn: () => request<ConnectionCheck>(`${ACCOUNTS}/test`, { id: row.id }),
    onSuccess: async (check) => {
      const words = `${check.code}: ${check.amazonMessage}`;
      if (check.status === 'connected') void message.success(t('test.ok', { message: words }));
      else modal.error({ title: t('test.action'), content: t('test.failed', { message: words }) });
      await queryClient.invalidateQueries({ queryKey: [ACCOUNTS] });
    },
  });
  const importNow = useMutation({
    mutationFn: () => request<{ queued: boolean }>(`${ACCOUNTS}/import-orders`, { id: row.id }),
    onSuccess: () => void message.success(t('importOrders.queued')),
  });
  return (
    <Space>
      <Button
        type="link"
        style={{ padding: 0 }}
        loading={importNow.isPending}
        onClick={() => importNow.mutate()}
      >
        {t('importOrders.action')}
      </Button>
      <Button
        type="link"
        style={{ padding: 0 }}
        loading={test.isPending}
        onClick={() => test.mutate()}
      >
        {t('test.action')}
      </Button>
    </Space>
  );
}

const STATUS_COLOR = { unchecked: 'default', connected: 'success', failed: 'error' } as const;

function Status({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('marketplace-account');
  const status = String(row.status) as keyof typeof STATUS_COLOR;
  return (
    <Tooltip title={row.checkMessage ? String(row.checkMessage) : undefined}>
      <Tag color={STATUS_COLOR[status] ?? 'default'}>{t(`enums.status.${status}`)}</Tag>
    </Tooltip>
  );
}

/** /marketplace-account: "test connection" on each row; the status says what Amazon answered. */
export default {
  rowActions: { render: AccountActions, width: 170 },
  cells: { status: (_value, row) => <Status row={row} /> },
  phoneColumns: ['status'],
} satisfies ResourceOverrides;
