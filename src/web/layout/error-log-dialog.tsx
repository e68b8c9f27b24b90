import { Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ErrorLogEntry } from '../stores/error-log';

/** The caught errors in a table, with Clear All. Its own chunk: loaded when first opened. */
export default function ErrorLogDialog({
  open,
  logs,
  onClose,
  onClear,
}: {
  open: boolean;
  logs: ErrorLogEntry[];
  onClose(): void;
  onClear(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('shell.errorLog')}
      open={open}
      width="80%"
      onCancel={onClose}
      footer={
        <Button danger onClick={onClear}>
          {t('shell.clearAll')}
        </Button>
      }
    >
      <Table
        rowKey="at"
        size="small"
        pagination={false}
        dataSource={logs}
        scroll={{ y: 480 }}
        columns={[
          { title: t('shell.errorMessage'), dataIndex: 'message', width: 240 },
          { title: t('shell.errorInfo'), dataIndex: 'info', width: 160 },
          { title: t('shell.errorUrl'), dataIndex: 'url', width: 200, ellipsis: true },
          {
            title: t('shell.errorStack'),
            dataIndex: 'stack',
            render: (stack: string) => (
              <pre style={{ margin: 0, fontSize: 11, whiteSpace: 'pre-wrap' }}>{stack}</pre>
            ),
          },
        ]}
      />
    </Modal>
  );
}
