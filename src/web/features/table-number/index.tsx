import { DownloadOutlined, FilePdfOutlined, FileZipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { downloadFile } from '../../kit/export-file';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';

const TABLES = '/admin/table-number';
const label = (row: ResourceRow) => [row.area, row.name].filter(Boolean).join(' ');

/** A table's QR code in a dialog: its link, and the PNG to download. */
function QrCode({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('table-number');
  const [open, setOpen] = useState(false);
  const qr = useQuery({
    queryKey: [TABLES, 'qr', row.id],
    queryFn: () =>
      request<{ url: string; png: string; filename: string }>(`${TABLES}/qr`, { id: row.id }),
    enabled: open,
  });
  return (
    <>
      <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(true)}>
        {t('qr.action')}
      </Button>
      <Modal
        open={open}
        title={t('qr.title', { name: label(row) })}
        onCancel={() => setOpen(false)}
        width={420}
        destroyOnHidden
        footer={
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={!qr.data}
            href={qr.data?.png}
            download={qr.data?.filename}
          >
            {t('qr.download')}
          </Button>
        }
      >
        <Flex vertical align="center" gap={8}>
          {qr.data ? (
            <img
              src={qr.data.png}
              alt={t('qr.title', { name: label(row) })}
              width={240}
              height={240}
            />
          ) : (
            <Flex style={{ width: 240, height: 240 }} align="center" justify="center">
              <Spin />
            </Flex>
          )}
          <Typography.Title level={4} style={{ margin: 0 }}>
            {label(row)}
          </Typography.Title>
          <Typography.Text type="secondary">{t('qr.hint')}</Typography.Text>
          {qr.data && (
            <Typography.Text copyable code style={{ wordBreak: 'break-all', textAlign: 'center' }}>
              {qr.data.url}
            </Typography.Text>
          )}
        </Flex>
      </Modal>
    </>
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

/** /table-number: each table's QR code, and all of them as a ZIP or a printable PDF sheet. */
export default {
  rowActions: { render: QrCode, width: 50 },
  toolbar: DownloadAll,
  cells: { area: (value) => (value ? String(value) : '—') },
} satisfies ResourceOverrides;
