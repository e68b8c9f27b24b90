import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { articleCells, articleColumns, useDemoArticles } from '../shared/article-rows';
import { ExportControls } from './export-controls';

/** Template demo /excel/export-excel: the mock's articles to .xlsx or .csv. */
export default function ExportExcelPage() {
  const { t } = useTranslation('demos');
  const { data, isFetching } = useDemoArticles();
  const columns = articleColumns(t);
  return (
    <Card>
      <ExportControls
        defaultName="excel-list"
        disabled={!data}
        sheet={() =>
          data
            ? {
                header: [columns.map((column) => String(column.title))],
                rows: data.items.map(articleCells),
              }
            : null
        }
      />
      <Table
        rowKey="id"
        size="small"
        loading={isFetching}
        columns={columns}
        dataSource={data?.items}
      />
    </Card>
  );
}
