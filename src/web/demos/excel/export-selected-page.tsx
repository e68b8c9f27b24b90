import { Alert, Card, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MockArticle } from '../../../shared/demo-mock';
import { articleCells, articleColumns, useDemoArticles } from '../shared/article-rows';
import { ExportControls } from './export-controls';

/** Template demo /excel/export-selected-excel: only the rows ticked. */
export default function ExportSelectedPage() {
  const { t } = useTranslation('demos');
  const { data, isFetching } = useDemoArticles();
  const [selected, setSelected] = useState<MockArticle[]>([]);
  const columns = articleColumns(t);
  return (
    <Card>
      <ExportControls
        defaultName="excel-selected"
        disabled={selected.length === 0}
        sheet={() => ({
          header: [columns.map((column) => String(column.title))],
          rows: selected.map(articleCells),
        })}
      />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('excel.selected', { count: selected.length })}
      />
      <Table
        rowKey="id"
        size="small"
        loading={isFetching}
        columns={columns}
        dataSource={data?.items}
        rowSelection={{
          selectedRowKeys: selected.map((row) => row.id),
          onChange: (_, rows) => setSelected(rows),
        }}
      />
    </Card>
  );
}
