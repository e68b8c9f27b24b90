import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../shared/format';
import type { AccountState, HistoryEntry } from '../../shared/mini-program';
import { request } from '../api/request';
import { areaNamespaces, dynamicKey } from '../i18n/keys';

// What the mini-program's screens share (registration, info, publishing): where the mini-program
// stands, and a row's history.

/** Where the merchant's mini-program stands: its appid, live info and release, its latest application. */
export const miniProgramStateQuery = () =>
  queryOptions({
    queryKey: ['/admin/mini-program', 'state'],
    queryFn: () => request<AccountState>('/admin/mini-program/state', {}),
  });

/** The mini-program's lists and its state: what a change to any of its rows may change. */
export const MINI_PROGRAM_KEYS = [
  ['/admin/mini-program'],
  ['/admin/mini-program-registration'],
  ['/admin/mini-program-version'],
  ['/admin/mini-program-info'],
];

/** Polls while something waits on the platform: its answer shows without a reload. */
export const WAITING_POLL_MS = 2000;

const COLORS: Record<string, string> = {
  success: 'green',
  approved: 'green',
  released: 'green',
  failed: 'red',
  rejected: 'red',
  rolledBack: 'gray',
  superseded: 'gray',
};
const TAG_COLORS: Record<string, string> = {
  ...COLORS,
  submitted: 'processing',
  confirming: 'warning',
  reviewing: 'processing',
  uploaded: 'cyan',
  rolledBack: 'default',
  superseded: 'default',
};

/** A status of the area's rows as a coloured tag, named by `area`'s dictionary. */
export function StatusTag({ area, status }: { area: string; status: string }) {
  const { t } = useTranslation(areaNamespaces(area));
  return (
    <Tag color={TAG_COLORS[status] ?? 'default'} bordered={false}>
      {t(dynamicKey(`enums.status.${status}`))}
    </Tag>
  );
}

/**
 * A row's history (an application, an info change, a version): each state it reached, who moved
 * it there and why, oldest first; and, while a person must act on the platform's side (the legal
 * person, the reviewer), the link to the sandbox's page where they do. `area` is the resource
 * whose dictionary names the states.
 */
export function MiniProgramHistory({
  subject,
  id,
  area,
  pending = false,
}: {
  subject: 'registration' | 'info' | 'version';
  id: number;
  area: string;
  /** The row waits on the platform (its status not final): asked again until it moves. */
  pending?: boolean;
}) {
  const { t } = useTranslation(areaNamespaces(area));
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey: [`/admin/${area}`, 'history', id],
    queryFn: () =>
      request<{ items: HistoryEntry[]; actionUrl: string | null }>('/admin/mini-program/history', {
        subject,
        id,
      }),
    refetchInterval: (query) => (pending || query.state.data?.actionUrl ? WAITING_POLL_MS : false),
    // The person who acts is usually in another tab (the platform's page): asked there too, and
    // again when this tab is back in front.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: 'always',
  });
  // The row moved (a new entry): the drawer's row, the list and the mini-program's state are read
  // again, so none of them shows the status it had.
  const last = history.data?.items.at(-1)?.id;
  const seen = useRef(last);
  useEffect(() => {
    if (last === undefined) return;
    if (seen.current !== undefined && seen.current !== last)
      for (const queryKey of MINI_PROGRAM_KEYS)
        void queryClient.invalidateQueries({
          queryKey,
          predicate: (query) => query.queryKey[1] !== 'history',
        });
    seen.current = last;
  }, [last, queryClient]);
  if (history.isPending) return <Spin />;
  const items = history.data?.items ?? [];
  return (
    <section aria-label={t('translation:miniProgram.history')}>
      <Typography.Title level={5}>{t('translation:miniProgram.history')}</Typography.Title>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Timeline
          items={items.map((entry) => ({
            key: entry.id,
            color: COLORS[entry.status] ?? 'blue',
            children: (
              <>
                <Typography.Text strong>
                  {t(dynamicKey(`enums.status.${entry.status}`))}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {parseTime(entry.createdAt, '{y}-{m}-{d} {h}:{i}:{s}')} ·{' '}
                  {entry.actor === 'platform'
                    ? t('translation:miniProgram.platform')
                    : entry.actor === 'system'
                      ? t('translation:miniProgram.system')
                      : entry.actor}
                </Typography.Text>
                {entry.note && <div>{entry.note}</div>}
              </>
            ),
          }))}
        />
      )}
      {history.data?.actionUrl && (
        <Button href={history.data.actionUrl} target="_blank" rel="noopener">
          {t('translation:miniProgram.sandboxPage')}
        </Button>
      )}
    </section>
  );
}
