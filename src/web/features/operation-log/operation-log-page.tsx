import { Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../../shared/format';
import { OPERATION_ACTIONS, type OperationLogEntry } from '../../../shared/operation-log';
import { loadAllDictionaries, routeTitle } from '../../i18n';
import { actionLabel } from '../../kit/action-label';
import { ViewLink } from '../../kit/cached-view';
import { type ListColumn, ListScreen } from '../../kit/list-screen';
import type { ListFilter } from '../../kit/list-state';
import { ChangeDetail } from './change-detail';
import './operation-log.css';

/** A row's target: by its name, linking to it, when the reader may open it. */
function Target({ row }: { row: OperationLogEntry }) {
  const { t } = useTranslation();
  if (!row.targetType || row.targetType === 'session') return <>—</>;
  const kind = t(`oplog.targets.${row.targetType}`, { defaultValue: row.targetType });
  const label = row.targetName ?? (row.targetId ? `${kind} #${row.targetId}` : kind);
  return (
    <span className="oplog-target">
      {row.targetName && <Typography.Text type="secondary">{kind} · </Typography.Text>}
      {row.targetLink ? <ViewLink to={row.targetLink}>{label}</ViewLink> : label}
    </span>
  );
}

/** /operation-log: who changed what and when, in the UI's language; read-only. */
export default function OperationLogPage() {
  const { t } = useTranslation();
  // Each area names its own fields and values: their texts, before the rows show.
  const [textsIn, setTextsIn] = useState(false);
  useEffect(() => {
    void loadAllDictionaries().then(() => setTextsIn(true));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: made again once the areas' texts are in.
  const columns = useMemo<ListColumn<OperationLogEntry>[]>(
    () => [
      // On a phone (below 576 px) the time and the action carry the row: who and what it was
      // done to show under them, and the other columns are left out (`wide`).
      {
        key: 'createdAt',
        title: t('oplog.time'),
        dataIndex: 'createdAt',
        sortKey: 'createdAt',
        width: 160,
        render: (v: string, row) => (
          <>
            {parseTime(v)}
            <span className="oplog-phone-only" data-testid="oplog-phone-account">
              {row.adminName}
            </span>
          </>
        ),
      },
      {
        key: 'adminName',
        title: t('oplog.account'),
        dataIndex: 'adminName',
        width: 110,
        wide: true,
      },
      {
        key: 'action',
        title: t('oplog.action'),
        dataIndex: 'action',
        width: 130,
        render: (action: string, row) => (
          <>
            <Tag>{actionLabel(action)}</Tag>
            <span className="oplog-phone-only">
              <Target row={row} />
            </span>
          </>
        ),
      },
      {
        key: 'target',
        title: t('oplog.target'),
        width: 180,
        wide: true,
        render: (_, row) => <Target row={row} />,
      },
      {
        key: 'detail',
        title: t('oplog.detail'),
        dataIndex: 'detail',
        width: 420,
        wide: true,
        render: (detail: OperationLogEntry['detail'], row) => (
          <ChangeDetail targetType={row.targetType} detail={detail} />
        ),
      },
      { key: 'ip', title: 'IP', dataIndex: 'ip', width: 120, wide: true },
    ],
    [t, textsIn],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: made again once the areas' texts are in.
  const filters = useMemo<ListFilter[]>(
    () => [
      { type: 'text', name: 'adminName', label: t('oplog.account'), width: 140, maxLength: 64 },
      {
        type: 'select',
        name: 'action',
        label: t('oplog.action'),
        width: 180,
        options: OPERATION_ACTIONS.map((a) => ({
          value: a,
          label: actionLabel(a),
        })),
      },
      { type: 'text', name: 'targetId', label: t('oplog.targetId'), width: 120, maxLength: 64 },
      { type: 'dateRange', name: 'createdRange', label: t('oplog.time') },
    ],
    [t, textsIn],
  );
  return (
    <ListScreen<OperationLogEntry>
      id="operation-log"
      title={routeTitle('route.operation-log')}
      endpoint="/admin/operation-log"
      columns={columns}
      filters={filters}
      defaultSort="createdAt"
      canExport
    />
  );
}
