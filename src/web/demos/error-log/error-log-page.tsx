import { BugOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Table } from 'antd';
import { Component, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../../stores/error-log';

/** Catches the demo's render error and puts it in the error log, as the screen boundary does. */
class DemoBoundary extends Component<{ children: ReactNode; fallback: ReactNode }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error) {
    useErrorLog.getState().add(error, 'error-log demo: render');
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Failing(): ReactNode {
  throw new Error('Demo error raised while rendering');
}

/**
 * Template demo /error-log/log: buttons that raise errors into the error log (the top bar's bug
 * icon opens it): one while rendering, one thrown outside React, one promise never handled. The
 * last two reach the log through the global handlers, which the production build installs.
 */
export default function ErrorLogPage() {
  const { t } = useTranslation('demos');
  const logs = useErrorLog((state) => state.logs);
  const [rendering, setRendering] = useState(0);
  return (
    <Card>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('errorLog.note')} />
        <Space wrap>
          <Button danger icon={<BugOutlined />} onClick={() => setRendering((n) => n + 1)}>
            {t('errorLog.render')}
          </Button>
          <Button
            danger
            icon={<BugOutlined />}
            onClick={() =>
              setTimeout(() => {
                throw new Error('Demo error thrown outside React');
              })
            }
          >
            {t('errorLog.thrown')}
          </Button>
          <Button
            danger
            icon={<BugOutlined />}
            onClick={() => void Promise.reject(new Error('Demo promise rejected, never handled'))}
          >
            {t('errorLog.rejected')}
          </Button>
          <Button onClick={() => useErrorLog.getState().clear()}>{t('errorLog.clear')}</Button>
        </Space>
        {rendering > 0 && (
          <DemoBoundary
            key={rendering}
            fallback={<Alert type="error" title={t('errorLog.caught')} />}
          >
            <Failing />
          </DemoBoundary>
        )}
        <Table
          size="small"
          rowKey="at"
          dataSource={logs}
          pagination={false}
          columns={[
            { title: t('errorLog.message'), dataIndex: 'message' },
            { title: t('errorLog.info'), dataIndex: 'info' },
            {
              title: t('errorLog.at'),
              dataIndex: 'at',
              width: 200,
              render: (at: number) => new Date(at).toLocaleString(),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
