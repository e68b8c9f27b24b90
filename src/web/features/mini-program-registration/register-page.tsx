import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Radio, Result, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RegisterBody, registerBody } from '../../../shared/mini-program';
import { REGISTRATION_KINDS } from '../../../shared/resources/mini-program-registration';
import { request } from '../../api/request';
import { useViewSearchParams, ViewLink } from '../../kit/cached-view';
import { showSaveError, zodRules } from '../../kit/form-rules';
import {
  MINI_PROGRAM_KEYS,
  MiniProgramHistory,
  miniProgramStateQuery,
  WAITING_POLL_MS,
} from '../../kit/mini-program';
import { useOneAtATime } from '../../kit/submit-once';
import { useCan } from '../../stores/session';

const AREA = 'mini-program-registration';
const FIELDS = ['companyName', 'creditCode', 'legalName', 'legalWechat', 'contactPhone'] as const;
type Application = Omit<RegisterBody, 'resubmitOf'>;

/**
 * /mini-program-register (and /xcxbase/register): the application to register the merchant's
 * mini-program, checked with the server's own rules (the credit code's check character among
 * them); where the latest one stands, with the legal person's confirmation page while it waits
 * for them; and, after a failure, the same form filled in to submit it again.
 */
export default function RegisterPage() {
  const { t } = useTranslation([AREA, 'translation']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Application>();
  const [saving, setSaving] = useState(false);
  const [search] = useViewSearchParams();
  const canList = useCan('mini-program-register-list');
  const state = useQuery({
    ...miniProgramStateQuery(),
    refetchInterval: (query) => {
      const status = query.state.data?.registration?.status;
      return status === 'submitted' || status === 'confirming' ? WAITING_POLL_MS : false;
    },
    // The legal person confirms in another tab (the platform's page): asked there too.
    refetchIntervalInBackground: true,
  });
  const latest = state.data?.registration ?? null;
  // Resubmitting: the application the list's Resubmit names, else the latest when it failed.
  const from = Number(search.get('from')) || (latest?.status === 'failed' ? latest.id : 0);
  const source = useQuery({
    queryKey: [`/admin/${AREA}`, 'detail', from],
    queryFn: () => request<Application & { status: string }>(`/admin/${AREA}/detail`, { id: from }),
    enabled: !!from && canList && from !== latest?.id,
  });
  const failed = from === latest?.id ? latest : source.data;
  useEffect(() => {
    if (failed && failed.status === 'failed')
      form.setFieldsValue({
        kind: failed.kind,
        companyName: failed.companyName,
        creditCode: failed.creditCode,
        legalName: failed.legalName,
        legalWechat: failed.legalWechat,
        contactPhone: failed.contactPhone,
      });
  }, [failed, form]);
  const rules = useMemo(() => zodRules(registerBody), []);

  const submitOnce = useOneAtATime(submit);
  async function submit(values: Application) {
    setSaving(true);
    try {
      await request(
        `/admin/${AREA}/submit`,
        { ...values, ...(from ? { resubmitOf: from } : {}) },
        {
          silent: true,
        },
      );
      void message.success(t('screen.submitted'));
      await Promise.all(
        MINI_PROGRAM_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    } catch (error) {
      showSaveError(form, error);
    } finally {
      setSaving(false);
    }
  }

  if (state.isPending) return <Card loading />;
  const appid = state.data?.appid;
  const inProgress = latest && (latest.status === 'submitted' || latest.status === 'confirming');

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {appid ? (
        <Card>
          <Result
            status="success"
            title={
              <>
                {t('screen.registered')} <Typography.Text copyable>{appid}</Typography.Text>
              </>
            }
            subTitle={latest?.companyName}
            extra={
              canList && <ViewLink to="/mini-program-register-list">{t('screen.toList')}</ViewLink>
            }
          />
        </Card>
      ) : inProgress ? (
        <Card title={t('screen.current')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert
              type="info"
              showIcon
              message={`${latest.companyName} · ${t(`enums.status.${latest.status}`)}`}
              description={latest.status === 'confirming' ? t('screen.confirmHint') : undefined}
            />
            {latest.confirmUrl && (
              <Button type="primary" href={latest.confirmUrl} target="_blank" rel="noopener">
                {t('screen.confirmPage')}
              </Button>
            )}
            <MiniProgramHistory subject="registration" id={latest.id} area={AREA} />
          </Space>
        </Card>
      ) : (
        <Card title={t('translation:route.mini-program-register')}>
          <Typography.Paragraph type="secondary">{t('screen.intro')}</Typography.Paragraph>
          {failed?.status === 'failed' && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              message={t('screen.resubmitting', { id: from })}
              description={
                'reason' in failed && failed.reason
                  ? t('screen.failedHint', { reason: failed.reason })
                  : undefined
              }
            />
          )}
          <Form<Application>
            form={form}
            name="mini-program-register"
            layout="vertical"
            style={{ maxWidth: 560 }}
            initialValues={{ kind: 'enterprise' }}
            onFinish={submitOnce}
          >
            <Form.Item name="kind" label={t('fields.kind')} required>
              <Radio.Group
                options={REGISTRATION_KINDS.map((value) => ({
                  value,
                  label: t(`enums.kind.${value}`),
                }))}
              />
            </Form.Item>
            {FIELDS.map((key) => (
              <Form.Item
                key={key}
                name={key}
                label={t(`fields.${key}`)}
                extra={t(`help.${key}`, { defaultValue: '' }) || undefined}
                rules={[
                  {
                    required: true,
                    message: t('translation:kit.required', { label: t(`fields.${key}`) }),
                  },
                  ...(rules[key] ?? []),
                ]}
                normalize={key === 'creditCode' ? (v: string) => v.toUpperCase() : undefined}
              >
                <Input maxLength={key === 'companyName' ? 60 : 30} />
              </Form.Item>
            ))}
            <Button type="primary" htmlType="submit" loading={saving}>
              {failed?.status === 'failed' ? t('screen.resubmit') : t('screen.submit')}
            </Button>
          </Form>
        </Card>
      )}
      {!appid && !inProgress && latest && latest.status === 'failed' && (
        <Card size="small">
          <MiniProgramHistory subject="registration" id={latest.id} area={AREA} />
        </Card>
      )}
    </Space>
  );
}
