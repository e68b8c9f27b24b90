import { DatePicker, Form, Input, Select, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../../shared/format';
import { type OperationLogEntry, operationLogListParams } from '../../../shared/operation-log';
import { dateRangeField } from '../../kit/date-range-field';
import { type ListColumn, ListScreen } from '../../kit/list-screen';

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
    <div style={{ maxWidth: 420 }}>
      {Object.entries(detail).map(([field, value]) => (
        <div key={field}>
          <Typography.Text type="secondary">{field}: </Typography.Text>
          {Array.isArray(value) && value.length === 2 ? (
            <>
              <Typography.Text delete>{JSON.stringify(value[0])}</Typography.Text> →{' '}
              {JSON.stringify(value[1])}
            </>
          ) : (
            <Typography.Text>{JSON.stringify(value)}</Typography.Text>
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
  return (
    <ListScreen<OperationLogEntry>
      id="operation-log"
      endpoint="/admin/operation-log"
      params={operationLogListParams}
      columns={columns}
      {...dateRangeField('createdRange')}
      filters={
        <>
          <Form.Item name="adminName" label={t('oplog.account')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="action" label={t('oplog.action')}>
            <Select
              allowClear
              showSearch
              style={{ width: 180 }}
              options={ACTIONS.map((a) => ({
                value: a,
                label: t(actionKey(a), { defaultValue: a }),
              }))}
            />
          </Form.Item>
          <Form.Item name="targetId" label={t('oplog.targetId')}>
            <Input allowClear style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="createdRange" label={t('oplog.time')}>
            <DatePicker.RangePicker />
          </Form.Item>
        </>
      }
    />
  );
}
