import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { articleCells, articleColumns, useDemoArticles } from '../shared/article-rows';
import { saveFile } from '../shared/save-file';

/** Template demo /zip/download: the articles as a text file, zipped in the browser (fflate). */
export default function ZipDownloadPage() {
  const { t } = useTranslation('demos');
  const { data, isFetching } = useDemoArticles();
  const [name, setName] = useState('file');
  const columns = articleColumns(t);
  const download = async () => {
    if (!data) return;
    const { strToU8, zipSync } = await import('fflate');
    const lines = [columns.map((column) => String(column.title)), ...data.items.map(articleCells)];
    const text = `${lines.map((cells) => cells.join('\t')).join('\n')}\n`;
    const fileName = name.trim() || 'file';
    const zip = zipSync({ [`${fileName}.txt`]: strToU8(text) });
    saveFile(zip as Uint8Array<ArrayBuffer>, `${fileName}.zip`, 'application/zip');
  };
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          aria-label={t('excel.fileName')}
          addonBefore={t('excel.fileName')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          style={{ width: 280 }}
        />
        <Button type="primary" icon={<DownloadOutlined />} disabled={!data} onClick={download}>
          {t('zip.export')}
        </Button>
      </Space>
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
