import { ImportOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpcImportReport } from '../../../shared/goods-upc';
import { request } from '../../api/request';
import type { ResourceOverrides } from '../../kit/resource-overrides';

/** Codes by the thousand: pasted, or read from a .txt / .csv file, one per line. */
function ImportCodes() {
  const { t } = useTranslation('goods-upc');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState('');
  const send = useMutation({
    mutationFn: () => request<UpcImportReport>('/admin/goods-upc/import-codes', { codes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/admin/goods-upc'] }),
  });
  const count = codes.split(/[\s,;，；]+/).filter(Boolean).length;
  const report = send.data;
  function close() {
    setOpen(false);
    setCodes('');
    send.reset();
  }
  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        {t('importCodes.open')}
      </Button>
      <Modal
        open={open}
        title={t('importCodes.title')}
        onCancel={close}
        footer={
          report ? (
            <Button type="primary" onClick={close}>
              {t('translation:kit.close')}
            </Button>
          ) : (
            <Space>
              <Button onClick={close}>{t('translation:kit.cancel')}</Button>
              <Button
                type="primary"
                disabled={count === 0}
                loading={send.isPending}
                onClick={() => send.mutate()}
              >
                {t('importCodes.send', { count })}
              </Button>
            </Space>
          )
        }
      >
        {report ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert
              type={report.invalidCount > 0 ? 'warning' : 'success'}
              message={t('importCodes.report', report)}
            />
            {report.invalid.length > 0 && (
              <>
                <Typography.Text>{t('importCodes.invalid')}</Typography.Text>
                <Typography.Paragraph code copyable style={{ maxHeight: 160, overflow: 'auto' }}>
                  {report.invalid.join('\n')}
                </Typography.Paragraph>
              </>
            )}
          </Space>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('importCodes.help')}</Typography.Text>
            <Input.TextArea
              aria-label={t('importCodes.title')}
              rows={10}
              value={codes}
              onChange={(event) => setCodes(event.target.value)}
            />
            <input
              type="file"
              accept=".txt,.csv,text/plain,text/csv"
              aria-label={t('importCodes.file')}
              onChange={async (event) => {
                const file = event.target.files?.[0];
                if (file) setCodes(await file.text());
              }}
            />
          </Space>
        )}
      </Modal>
    </>
  );
}

/** The UPC pool: codes come in by the thousand through the toolbar. */
export default { toolbar: ImportCodes } satisfies ResourceOverrides;
