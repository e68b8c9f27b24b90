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
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultCode } from '../../../shared/envelope';
import { IMPORT_KINDS, type ImportReport } from '../../../shared/import';
import { importKeyPermission, screenRoutes } from '../../../shared/resource';
import { resources } from '../../../shared/resources';
import { getToken } from '../../api/token';
import { apiLanguage, dynamicKey, loadDictionaries, routeTitle } from '../../i18n';
import { useViewSearchParams } from '../../kit/cached-view';
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
    xhr.setRequestHeader('accept-language', apiLanguage());
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

/**
 * /data-helper: import any importable area from .xlsx or CSV — check every row, then write all or
 * nothing (or only the valid rows, a record with child rows whole or not at all).
 */
export default function DataHelperPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const permitted = useSession((state) => state.permitted);
  // What the account may import: the importable areas with a screen it may open (and, where the
  // import finds rows by a masked field, the permission to see it).
  const kinds = useMemo(
    () =>
      resources.filter((r) => {
        const needs = importKeyPermission(r);
        return (
          IMPORT_KINDS.includes(r.name) &&
          screenRoutes(r).some((route) => permitted.has(route)) &&
          (!needs || permitted.has(needs))
        );
      }),
    [permitted],
  );
  // An area's Import button opens this page with the area (and its list) chosen; otherwise it
  // opens on the customers (it sits in their menu group), or the first area the account may import.
  const [search] = useViewSearchParams();
  const asked = search.get('kind');
  const [kind, setKind] = useState(
    (kinds.find((r) => r.name === asked) ?? kinds.find((r) => r.name === 'customer') ?? kinds[0])
      ?.name,
  );
  const resource = kinds.find((r) => r.name === kind);
  const variants = (resource?.variants?.screens ?? []).filter((s) => permitted.has(s.route));
  const [variant, setVariant] = useState<number | undefined>(
    Number(search.get('variant')) || undefined,
  );
  const chosenVariant = variant ?? variants[0]?.value;
  const [textsIn, setTextsIn] = useState(false);
  useEffect(() => {
    void Promise.all(kinds.map((r) => loadDictionaries(r.name))).then(() => setTextsIn(true));
  }, [kinds]);
  const [existing, setExisting] = useState<'skip' | 'update'>('skip');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<null | 'validate' | 'commit'>(null);
  const [progress, setProgress] = useState(0);
  const [validOnly, setValidOnly] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  /** The field that finds a row already there (a customer's phone), in the UI's language. */
  const keyLabel =
    report?.key ??
    (resource?.importKey ? t(dynamicKey(`${resource.name}:fields.${resource.importKey}`)) : '');
  // Opened again from another area's Import button: that area.
  useEffect(() => {
    if (asked && kinds.some((r) => r.name === asked)) {
      setKind(asked);
      setVariant(Number(search.get('variant')) || undefined);
      setReport(null);
    }
  }, [asked, kinds, search]);

  /** The file and what it is for: the area, and a variant area's list. */
  function formFor(chosen: File) {
    const form = new FormData();
    form.append('kind', kind ?? '');
    if (resource?.variants && chosenVariant) form.append('variant', String(chosenVariant));
    form.append('file', chosen);
    return form;
  }

  async function run(action: 'validate' | 'commit') {
    if (!file) return;
    const form = formFor(file);
    if (action === 'commit' && validOnly) form.append('validOnly', 'true');
    if (action === 'commit') form.append('existing', existing);
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
              setVariant(undefined);
              setReport(null);
            }}
            options={kinds.map((r) => ({
              value: r.name,
              label: textsIn ? t(dynamicKey(`${r.name}:title`)) : routeTitle(`route.${r.route}`),
            }))}
          />
          {variants.length > 0 && (
            <Select
              aria-label={t('import.articleType')}
              value={chosenVariant}
              style={{ width: 180 }}
              onChange={setVariant}
              options={variants.map((s) => ({
                value: s.value,
                label: routeTitle(`route.${s.route}`),
              }))}
            />
          )}
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              downloadFile(
                '/admin/import/template',
                { kind, lang: i18n.language === 'en' ? 'en' : 'zh' },
                () => {},
              )
            }
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
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
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
          {report && report.errors.length > 0 && report.imported === undefined && file && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() => downloadFile('/admin/import/errors', formFor(file), () => {})}
            >
              {t('import.badRows')}
            </Button>
          )}
        </Space>
        {report && report.existing > 0 && report.imported === undefined && (
          <Radio.Group
            value={existing}
            onChange={(event) => setExisting(event.target.value)}
            options={[
              {
                value: 'skip',
                label: t('import.existingSkip', { count: report.existing, key: keyLabel }),
              },
              {
                value: 'update',
                label: t('import.existingUpdate', { count: report.existing, key: keyLabel }),
              },
            ]}
          />
        )}
        {report && (
          <Alert
            type={
              report.imported !== undefined ? 'success' : report.errors.length ? 'warning' : 'info'
            }
            showIcon
            title={
              report.imported !== undefined
                ? t('import.doneUpdated', { count: report.imported, updated: report.updated ?? 0 })
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
              // Said by the server in the UI's language.
              { title: t('import.problem'), dataIndex: 'message' },
            ]}
          />
        )}
      </Space>
    </Card>
  );
}
