import { FilePdfOutlined, FileZipOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../kit/export-file';
import { QrLinkButton } from '../../kit/qr-link';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';

const TABLES = '/admin/table-number';
const label = (row: ResourceRow) => [row.area, row.name].filter(Boolean).join(' ');

/** A table's QR code in a dialog: its link, and the PNG to download. */
function QrCode({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('table-number');
  return (
    <QrLinkButton
      label={t('qr.action')}
      title={t('qr.title', { name: label(row) })}
      caption={label(row)}
      hint={t('qr.hint')}
      download={t('qr.download')}
      call={[`${TABLES}/qr`, { id: row.id }]}
    />
  );
}

/** Every code at once: a ZIP of PNGs, or a sheet to print and cut. */
function DownloadAll() {
  const { t } = useTranslation('table-number');
  const [busy, setBusy] = useState<'zip' | 'sheet' | null>(null);
  const fetch = async (kind: 'zip' | 'sheet') => {
    setBusy(kind);
    try {
      await downloadFile(`${TABLES}/qr-${kind}`, {}, () => {});
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <StoreCode />
      <Button icon={<FileZipOutlined />} loading={busy === 'zip'} onClick={() => void fetch('zip')}>
        {t('qr.zip')}
      </Button>
      <Button
        icon={<FilePdfOutlined />}
        loading={busy === 'sheet'}
        onClick={() => void fetch('sheet')}
      >
        {t('qr.pdf')}
      </Button>
    </>
  );
}

/** The store's own code, without a table (pickup, delivery), and its poster to print. */
function StoreCode() {
  const { t } = useTranslation('table-number');
  const [busy, setBusy] = useState(false);
  const poster = async () => {
    setBusy(true);
    try {
      await downloadFile(`${TABLES}/store-poster`, {}, () => {});
    } finally {
      setBusy(false);
    }
  };
  return (
    <QrLinkButton
      label={t('qr.store')}
      title={t('qr.store')}
      hint={t('qr.storeHint')}
      download={t('qr.download')}
      call={[`${TABLES}/store-qr`, {}]}
      extra={
        <Button icon={<FilePdfOutlined />} loading={busy} onClick={() => void poster()}>
          {t('qr.poster')}
        </Button>
      }
    />
  );
}

/** /table-number: each table's QR code, and all of them as a ZIP or a printable PDF sheet. */
export default {
  rowActions: { render: QrCode, width: 50 },
  toolbar: DownloadAll,
  cells: { area: (value) => (value ? String(value) : '—') },
} satisfies ResourceOverrides;
