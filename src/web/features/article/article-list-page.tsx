import { PlusOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { type CSSProperties, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleListItem } from '../../../shared/article';
import { parseTime } from '../../../shared/format';
import { articleRouteName } from '../../../shared/routes';
import { routeTitle } from '../../i18n';
import { useAppNavigate, ViewLink } from '../../kit/cached-view';
import { type ListColumn, ListScreen } from '../../kit/list-screen';
import type { ListFilter } from '../../kit/list-state';
import { Thumbnail } from '../../kit/thumbnail';
import { ARTICLE_ENDPOINT } from './article-api';

/** A title cell: one line, bold, cut with an ellipsis past 320 px. */
const TITLE_STYLE: CSSProperties = {
  display: 'inline-block',
  maxWidth: 320,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
  fontWeight: 600,
};

/** One list screen for the ten article routes; `articleType` comes from the route (spec §2). */
export default function ArticleListPage({ articleType }: { articleType: number }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();

  const editPath = useCallback(
    (id?: number) => `/article-store/${articleType}${id ? `?id=${id}` : ''}`,
    [articleType],
  );
  const columns = useMemo<ListColumn<ArticleListItem>[]>(
    () => [
      { key: 'id', title: 'ID', dataIndex: 'id', width: 80 },
      {
        key: 'coverUrl',
        title: t('article.cover'),
        dataIndex: 'coverUrl',
        width: 88,
        render: (url: string) => (url ? <Thumbnail src={url} width={56} height={40} /> : null),
      },
      {
        key: 'title',
        title: t('article.title'),
        dataIndex: 'title',
        sortKey: 'title',
        locked: true,
        render: (title: string, row) => (
          // Cut with CSS and named in full by the title attribute: nothing measures the rows.
          <ViewLink to={editPath(row.id)} title={title} style={TITLE_STYLE}>
            {title}
          </ViewLink>
        ),
      },
      { key: 'author', title: t('article.author'), dataIndex: 'author', width: 120 },
      {
        key: 'status',
        title: t('article.status'),
        dataIndex: 'status',
        width: 100,
        render: (status: ArticleListItem['status']) => (
          <Tag color={status === 'published' ? 'green' : 'default'}>
            {t(`article.statuses.${status}`)}
          </Tag>
        ),
      },
      {
        key: 'sortOrder',
        title: t('article.sortOrder'),
        dataIndex: 'sortOrder',
        sortKey: 'sortOrder',
        width: 90,
      },
      { key: 'views', title: t('article.views'), dataIndex: 'views', sortKey: 'views', width: 100 },
      {
        key: 'publishedAt',
        title: t('article.publishedAt'),
        dataIndex: 'publishedAt',
        sortKey: 'publishedAt',
        width: 170,
        render: (v: string | null) => (v ? parseTime(v, '{y}-{m}-{d} {h}:{i}') : '—'),
      },
      {
        key: 'createdAt',
        title: t('article.createdAt'),
        dataIndex: 'createdAt',
        sortKey: 'createdAt',
        width: 170,
        render: (v: string) => parseTime(v, '{y}-{m}-{d} {h}:{i}'),
      },
      {
        key: 'actions',
        title: t('kit.actions'),
        width: 90,
        fixed: 'right',
        locked: true,
        render: (_, row) => <ViewLink to={editPath(row.id)}>{t('kit.edit')}</ViewLink>,
      },
    ],
    [t, editPath],
  );
  const filters = useMemo<ListFilter[]>(
    () => [
      {
        type: 'text',
        name: 'title',
        label: t('article.title'),
        placeholder: t('article.titleSearch'),
        width: 200,
      },
      {
        type: 'select',
        name: 'status',
        label: t('article.status'),
        placeholder: t('article.allStatuses'),
        options: [
          { value: 'published', label: t('article.statuses.published') },
          { value: 'draft', label: t('article.statuses.draft') },
        ],
      },
      { type: 'dateRange', name: 'createdRange', label: t('article.createdAt') },
    ],
    [t],
  );

  return (
    <ListScreen<ArticleListItem>
      id={`article-${articleType}`}
      title={routeTitle(`route.${articleRouteName(articleType)}`)}
      endpoint={ARTICLE_ENDPOINT}
      fixed={{ articleType }}
      columns={columns}
      filters={filters}
      defaultSort="createdAt"
      canDelete
      canExport
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(editPath())}>
          {t('kit.add')}
        </Button>
      }
    />
  );
}
