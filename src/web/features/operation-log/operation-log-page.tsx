import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../../shared/format';
import type { OperationLogEntry } from '../../../shared/operation-log';
import { routeTitle } from '../../i18n';
import { type ListColumn, ListScreen } from '../../kit/list-screen';
import type { ListFilter } from '../../kit/list-state';

/** i18n key of an action: dots are i18next's separator. */
const actionKey = (action: string) =>
  `oplog.actions.${action.replace('.', '_') || ''}${action.endsWith('.') ? 'all' : ''}`;

const ACTIONS = [
  'auth.login',
  'auth.logout',
  'article.',
  'article.create',
  'article.update',
  'article.delete',
  'article.export',
  'upload.create',
  'account.',
  'user.changePassword',
  'site.update',
  'customer.',
];

function Detail({ detail }: { detail: Record<string, unknown> | null }) {
  if (!detail) return null;
  return (
    <div style={{ maxWidth: 420, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      {Object.entries(detail).map(([field, value]) => (
        <div key={field}>
          <span style={{ color: 'var(--ant-color-text-secondary)' }}>{field}: </span>
          {Array.isArray(value) && value.length === 2 ? (
            <>
              <del>{JSON.stringify(value[0])}</del> → {JSON.stringify(value[1])}
            </>
          ) : (
            JSON.stringify(value)
          )}
        </div>
      ))}
    </div>
  );
}

/** /operation-log: who changed what and when; read-only. */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const columns = useMemo<ListColumn<OperationLogEntry>[]>(
    () => [
      {
        key: 'createdAt',
        title: t('oplog.time'),
        dataIndex: 'createdAt',
        sortKey: 'createdAt',
        width: 170,
        render: (v: string) => parseTime(v),
      },
      { key: 'adminName', title: t('oplog.account'), dataIndex: 'adminName', width: 120 },
      {
        key: 'action',
        title: t('oplog.action'),
        dataIndex: 'action',
        width: 180,
        render: (action: string) => <Tag>{t(actionKey(action), { defaultValue: action })}</Tag>,
      },
      {
        key: 'target',
        title: t('oplog.target'),
        width: 160,
        render: (_, row) => (row.targetType ? `${row.targetType} ${row.targetId}` : '—'),
      },
      {
        key: 'detail',
        title: t('oplog.detail'),
        dataIndex: 'detail',
        render: (detail: OperationLogEntry['detail']) => <Detail detail={detail} />,
      },
      { key: 'ip', title: 'IP', dataIndex: 'ip', width: 130 },
    ],
    [t],
  );
  const filters = useMemo<ListFilter[]>(
    () => [
      { type: 'text', name: 'adminName', label: t('oplog.account'), width: 140, maxLength: 64 },
      {
        type: 'select',
        name: 'action',
        label: t('oplog.action'),
        width: 180,
        options: ACTIONS.map((a) => ({ value: a, label: t(actionKey(a), { defaultValue: a }) })),
      },
      { type: 'text', name: 'targetId', label: t('oplog.targetId'), width: 120, maxLength: 64 },
      { type: 'dateRange', name: 'createdRange', label: t('oplog.time') },
    ],
    [t],
  );
  return (
    <ListScreen<OperationLogEntry>
      id="operation-log"
      title={routeTitle('route.operation-log')}
      endpoint="/admin/operation-log"
      columns={columns}
      filters={filters}
      defaultSort="createdAt"
    />
  );
}
