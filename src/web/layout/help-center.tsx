import { QuestionCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Collapse, Drawer, Empty, Skeleton, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HelpArticle } from '../../shared/help';
import { request } from '../api/request';
import { useCan } from '../stores/session';

/** The top bar's help-centre link: the merchant's published help articles, for every account. */
export function HelpCenter() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const canManage = useCan('service-help');
  const articles = useQuery({
    queryKey: ['/admin/help', 'center'],
    queryFn: () => request<HelpArticle[]>('/admin/help/center', {}),
    enabled: open,
  });
  return (
    <>
      <Tooltip title={t('navbar.help')}>
        <Button
          type="text"
          icon={<QuestionCircleOutlined />}
          aria-label={t('navbar.help')}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('navbar.help')}
        size={520}
        extra={
          canManage ? (
            <Link to="/service-help" onClick={() => setOpen(false)}>
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
    </>
  );
}
