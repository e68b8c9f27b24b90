import { FilePdfOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { offerWords } from '../../../shared/extension';
import { dynamicKey } from '../../i18n/keys';
import { downloadFile } from '../../kit/export-file';
import { QrLinkButton } from '../../kit/qr-link';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';

const CAMPAIGNS = '/admin/extension';

/** A campaign's offer in words (its value column and its share dialog). */
function Offer({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('extension');
  const { key, params } = offerWords(row);
  return <>{t(dynamicKey(key), params)}</>;
}

/** The printable poster: the campaign's name, offer, period and QR code (PDF). */
function PosterButton({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('extension');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFile(`${CAMPAIGNS}/poster`, { id: row.id }, () => {});
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('poster')}
    </Button>
  );
}

/** A published campaign's share link, its QR code and its poster. */
function Share({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('extension');
  return (
    <QrLinkButton
      label={t('share')}
      title={t('shareTitle', { name: row.name })}
      caption={<Offer row={row} />}
      hint={t('shareHint')}
      download={t('download')}
      call={[`${CAMPAIGNS}/share`, { id: row.id }]}
      extra={<PosterButton row={row} />}
      disabled={row.status !== 'scheduled' && row.status !== 'active'}
    />
  );
}

/** /extension-list: each campaign's offer in words, and its share link, code and poster. */
export default {
  cells: { value: (_value, row) => <Offer row={row} /> },
  rowActions: { render: Share, width: 40 },
  phoneColumns: ['status'],
} satisfies ResourceOverrides;
