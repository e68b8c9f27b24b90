import { InboxOutlined } from '@ant-design/icons';
import { App, Card, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readSheetFile } from './excel-file';

const MAX_BYTES = 5 * 1024 * 1024;

interface Sheet {
  name: string;
  header: string[];
  rows: Record<string, string>[];
}

/** Template demo /excel/upload-excel: an .xlsx or .csv read in the browser, shown as a table. */
export default function UploadExcelPage() {
  const { t } = useTranslation('demos');
  const { message } = App.useApp();
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const read = async (file: File) => {
    if (file.size > MAX_BYTES) {
      void message.error(t('excel.tooLarge'));
      return;
    }
    try {
      const [header = [], ...rows] = await readSheetFile(await file.arrayBuffer(), file.name);
      setSheet({
        name: file.name,
        header,
        rows: rows.map((cells, index) => ({
          key: String(index),
          ...Object.fromEntries(header.map((_, column) => [String(column), cells[column] ?? ''])),
        })),
      });
    } catch {
      void message.error(t('excel.unreadable'));
    }
  };
  return (
    <Card>
      <Upload.Dragger
        accept=".xlsx,.csv"
        showUploadList={false}
        beforeUpload={(file) => {
          void read(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('excel.drop')}</p>
        <p className="ant-upload-hint">{t('excel.dropHint')}</p>
      </Upload.Dragger>
      {sheet && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {sheet.name}
          </Typography.Title>
          <Table
            size="small"
            bordered
            scroll={{ x: true }}
            dataSource={sheet.rows}
            columns={sheet.header.map((title, column) => ({
              title: title || `#${column + 1}`,
              dataIndex: String(column),
            }))}
          />
        </>
      )}
    </Card>
  );
}
