import { useQuery } from '@tanstack/react-query';
import { Collapse, Drawer, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EntityOf } from '../../shared/resource-schema';
import type { help } from '../../shared/resources/help';

type Help = EntityOf<typeof help>;

import { request } from '../api/request';
import { useCan } from '../stores/session';

/** The merchant's published help articles, fetched while the drawer is open. */
export default function HelpDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const canManage = useCan('service-help');
  const articles = useQuery({
    queryKey: ['/admin/help', 'center'],
    queryFn: () => request<Help[]>('/admin/help/center', {}),
    enabled: open,
  });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('navbar.help')}
      size={520}
      extra={
        canManage ? (
          <Link to="/service-help" onClick={onClose}>
            {t('help.manage')}
          </Link>
        ) : null
      }
    >
      {articles.isPending ? (
        <Skeleton active />
      ) : articles.data?.length ? (
        <Collapse
          items={articles.data.map((a) => ({
            key: a.id,
            label: a.title,
            children: (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server before it was stored.
              <div className="help-body" dangerouslySetInnerHTML={{ __html: a.body }} />
            ),
          }))}
        />
      ) : (
        <Empty description={t('help.empty')} />
      )}
    </Drawer>
  );
}
