import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Input, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../shared/save-file';
import { type BookType, MIME, makeSheetFile, type SheetSpec } from './excel-file';

/**
 * The Excel demos' export bar: the file name and type (xlsx or csv) the user chooses, whether
 * columns fit their values, and the button that makes the file of what `sheet()` returns.
 */
export function ExportControls({
  defaultName,
  sheet,
  disabled,
  autoWidthOption = true,
}: {
  defaultName: string;
  sheet: () => SheetSpec | null;
  disabled?: boolean;
  autoWidthOption?: boolean;
}) {
  const { t } = useTranslation('demos');
  const { message } = App.useApp();
  const [name, setName] = useState(defaultName);
  const [bookType, setBookType] = useState<BookType>('xlsx');
  const [autoWidth, setAutoWidth] = useState(true);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const spec = sheet();
    if (!spec) return;
    setBusy(true);
    try {
      const file = await makeSheetFile({ ...spec, autoWidth }, bookType);
      saveFile(file, `${name.trim() || defaultName}.${bookType}`, MIME[bookType]);
    } catch (err) {
      void message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input
        aria-label={t('excel.fileName')}
        addonBefore={t('excel.fileName')}
        placeholder={defaultName}
        value={name}
        onChange={(event) => setName(event.target.value)}
        style={{ width: 280 }}
      />
      {autoWidthOption && (
        <Space>
          {t('excel.autoWidth')}
          <Switch aria-label={t('excel.autoWidth')} checked={autoWidth} onChange={setAutoWidth} />
        </Space>
      )}
      <Select
        aria-label={t('excel.bookType')}
        value={bookType}
        onChange={setBookType}
        options={(['xlsx', 'csv'] as const).map((value) => ({ value, label: value }))}
        style={{ width: 100 }}
      />
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        loading={busy}
        disabled={disabled}
        onClick={run}
      >
        {t('excel.export')}
      </Button>
    </Space>
  );
}
