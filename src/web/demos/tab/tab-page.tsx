import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Table, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOCK_ARTICLE_TYPES, type MockArticle } from '../../../shared/demo-mock';
import { articleQueries } from '../shared/article-api';
import { articleColumns } from '../shared/article-rows';

/** One tab's table: made once, then kept (its count of creations stays at one). */
function TypeTable({ type, onCreated }: { type: MockArticle['type']; onCreated(): void }) {
  const { t } = useTranslation('demos');
  const { data, isFetching } = useQuery(articleQueries.list({ type, limit: 10 }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: counts this table's creation once.
  useEffect(onCreated, []);
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      loading={isFetching}
      columns={articleColumns(t)}
      dataSource={data?.items}
    />
  );
}

/** Template demo /tab/index: tabs whose panes are kept alive, each the articles of one type. */
export default function TabPage() {
  const { t } = useTranslation('demos');
  const [created, setCreated] = useState(0);
  return (
    <Card>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('tab.created', { count: created })}
      />
      <Tabs
        items={MOCK_ARTICLE_TYPES.map((type) => ({
          key: type,
          label: t(`article.types.${type}`),
          children: <TypeTable type={type} onCreated={() => setCreated((n) => n + 1)} />,
        }))}
      />
    </Card>
  );
}
