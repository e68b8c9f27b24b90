import { Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MockArticle } from '../../../shared/demo-mock';
import { useDemoArticles } from '../shared/article-rows';
import { ExportControls } from './export-controls';

/** Template demo /excel/export-merge-header: a two-level header, merged in the file too. */
export default function ExportMergeHeaderPage() {
  const { t } = useTranslation('demos');
  const { data, isFetching } = useDemoArticles();
  const columns: TableColumnsType<MockArticle> = [
    { title: 'Id', dataIndex: 'id', width: 80 },
    {
      title: t('excel.main'),
      children: [
        { title: t('article.title'), dataIndex: 'title' },
        {
          title: t('excel.information'),
          children: [
            { title: t('article.author'), dataIndex: 'author', width: 120 },
            { title: t('article.pageviews'), dataIndex: 'pageviews', width: 110 },
          ],
        },
      ],
    },
    { title: t('article.date'), dataIndex: 'display_time', width: 180 },
  ];
  return (
    <Card>
      <ExportControls
        defaultName="merge-header"
        disabled={!data}
        sheet={() =>
          data
            ? {
                header: [
                  ['Id', t('excel.main'), '', '', t('article.date')],
                  ['', t('article.title'), t('excel.information'), '', ''],
                  ['', '', t('article.author'), t('article.pageviews'), ''],
                ],
                merges: ['A1:A3', 'B1:D1', 'B2:B3', 'C2:D2', 'E1:E3'],
                rows: data.items.map((a) => [a.id, a.title, a.author, a.pageviews, a.display_time]),
              }
            : null
        }
      />
      <Table
        rowKey="id"
        size="small"
        bordered
        loading={isFetching}
        columns={columns}
        dataSource={data?.items}
      />
    </Card>
  );
}
