import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Progress,
  Radio,
  Select,
  Space,
  Steps,
  Table,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultCode } from '../../../shared/envelope';
import type { ImportKind, ImportReport } from '../../../shared/import';
import { ARTICLE_TYPE_ROUTES } from '../../../shared/routes';
import { getToken } from '../../api/token';
import { routeTitle } from '../../i18n';
import { downloadFile } from '../../kit/export-file';
import { useSession } from '../../stores/session';

interface Answer {
  code: number;
  msg: string;
  data: ImportReport | null;
}

/** Sends the file with upload progress (fetch has none), answering the envelope. */
function send(url: string, form: FormData, onProgress: (percent: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as Answer);
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}

/** /data-helper: import customers or articles from .xlsx — check every row, then write all or nothing. */
export default function DataHelperPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const permitted = useSession((state) => state.permitted);
  const articleTypes = ARTICLE_TYPE_ROUTES.filter((r) => permitted.has(r.name));
  const [kind, setKind] = useState<ImportKind>(
    permitted.has('client-list') ? 'customers' : 'articles',
  );
  const [articleType, setArticleType] = useState<number | undefined>(articleTypes[0]?.type);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<null | 'validate' | 'commit'>(null);
  const [progress, setProgress] = useState(0);
  const [validOnly, setValidOnly] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function run(action: 'validate' | 'commit') {
    if (!file) return;
    const form = new FormData();
    form.append('kind', kind);
    if (kind === 'articles' && articleType) form.append('articleType', String(articleType));
    if (action === 'commit' && validOnly) form.append('validOnly', 'true');
    form.append('file', file);
    setBusy(action);
    setProgress(0);
    try {
      const answer = await send(`/admin/import/${action}`, form, setProgress);
      if (answer.code === ResultCode.OK && answer.data) {
        setReport(answer.data);
        if (action === 'commit') {
          void message.success(t('import.done', { count: answer.data.imported ?? 0 }));
          setFile(null);
        }
      } else {
        if (answer.data && 'errors' in answer.data) setReport(answer.data);
        void message.error(answer.msg || 'Error');
      }
    } catch (err) {
      void message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  }

  const step = report?.imported !== undefined ? 3 : report ? 2 : file ? 1 : 0;
  const canCommit = !!report && report.valid > 0 && (report.errors.length === 0 || validOnly);

  return (
    <Card title={t('route.data-helper')}>
      <Steps
        current={step}
        style={{ marginBottom: 24, maxWidth: 800 }}
        items={[
          { title: t('import.step1') },
          { title: t('import.step2') },
          { title: t('import.step3') },
          { title: t('import.step4') },
        ]}
      />
      <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 800 }}>
        <Space wrap>
          <Radio.Group
            value={kind}
            optionType="button"
            onChange={(event) => {
              setKind(event.target.value);
              setReport(null);
            }}
            options={[
              {
                value: 'customers',
                label: t('import.customers'),
                disabled: !permitted.has('client-list'),
              },
              {
                value: 'articles',
                label: t('import.articles'),
                disabled: articleTypes.length === 0,
              },
            ]}
          />
          {kind === 'articles' && (
            <Select
              aria-label={t('import.articleType')}
              value={articleType}
              style={{ width: 180 }}
              onChange={setArticleType}
              options={articleTypes.map((r) => ({
                value: r.type,
                label: routeTitle(`route.${r.name}`),
              }))}
            />
          )}
          <Button
            icon={<DownloadOutlined />}
            onClick={() => downloadFile('/admin/import/template', { kind }, () => {})}
          >
            {t('import.template')}
          </Button>
        </Space>
        <button
          type="button"
          onClick={() => input.current?.click()}
          style={{
            width: '100%',
            padding: 24,
            // Theme colours, so that dark mode shows the zone and its text.
            border: '1px dashed var(--ant-color-border)',
            borderRadius: 'var(--ant-border-radius-lg)',
            background: 'var(--ant-color-fill-quaternary)',
            color: 'var(--ant-color-text)',
            cursor: 'pointer',
          }}
        >
          <InboxOutlined style={{ fontSize: 36, color: 'var(--ant-color-primary)' }} />
          <div>{file ? file.name : t('import.choose')}</div>
          <Typography.Text type="secondary">{t('import.chooseHelp')}</Typography.Text>
        </button>
        <input
          ref={input}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          style={{ display: 'none' }}
          data-testid="import-file"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setReport(null);
            event.target.value = '';
          }}
        />
        {busy && (
          <Progress
            percent={progress}
            status="active"
            format={(p) => (p === 100 ? t('import.processing') : `${p}%`)}
          />
        )}
        <Space>
          <Button
            type="primary"
            disabled={!file || !!busy}
            loading={busy === 'validate'}
            onClick={() => run('validate')}
          >
            {t('import.validate')}
          </Button>
          <Button
            disabled={!file || !canCommit || !!busy}
            loading={busy === 'commit'}
            onClick={() => run('commit')}
          >
            {t('import.commit')}
          </Button>
          {report && report.errors.length > 0 && report.imported === undefined && (
            <Checkbox checked={validOnly} onChange={(event) => setValidOnly(event.target.checked)}>
              {t('import.validOnly', { count: report.valid })}
            </Checkbox>
          )}
        </Space>
        {report && (
          <Alert
            type={
              report.imported !== undefined ? 'success' : report.errors.length ? 'warning' : 'info'
            }
            showIcon
            title={
              report.imported !== undefined
                ? t('import.done', { count: report.imported })
                : t('import.summary', {
                    total: report.total,
                    valid: report.valid,
                    errors: report.errors.length,
                  })
            }
          />
        )}
        {report && report.errors.length > 0 && report.imported === undefined && (
          <Table
            size="small"
            rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
            dataSource={report.errors}
            pagination={{ pageSize: 20 }}
            columns={[
              { title: t('import.row'), dataIndex: 'row', width: 80 },
              { title: t('import.column'), dataIndex: 'column', width: 140 },
              { title: t('import.problem'), dataIndex: 'message' },
            ]}
          />
        )}
      </Space>
    </Card>
  );
}
