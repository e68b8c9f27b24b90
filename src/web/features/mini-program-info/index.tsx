import { EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Avatar, Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CATEGORIES_MAX,
  type InfoBody,
  infoBody,
  nameLength,
  SERVICE_CATEGORIES,
} from '../../../shared/mini-program';
import { request } from '../../api/request';
import { dynamicKey } from '../../i18n/keys';
import { ViewLink } from '../../kit/cached-view';
import { FormDrawer } from '../../kit/form-drawer';
import { showSaveError, zodRules } from '../../kit/form-rules';
import { ImageUpload } from '../../kit/image-upload';
import {
  MINI_PROGRAM_KEYS,
  MiniProgramHistory,
  miniProgramStateQuery,
  StatusTag,
  WAITING_POLL_MS,
} from '../../kit/mini-program';
import type { ResourceOverrides } from '../../kit/resource-overrides';
import { changeFormStart, type InfoChange } from './change-form-start';

const AREA = 'mini-program-info';
const FORM = 'mini-program-info-change';

/** The change form: the platform's rules on a name checked as it is typed, the same as the server's. */
function ChangeForm({
  initial,
  onSaved,
  onSaving,
}: {
  initial: InfoBody;
  onSaved(): void;
  onSaving(saving: boolean): void;
}) {
  const { t } = useTranslation([AREA, 'translation']);
  const [form] = Form.useForm<InfoBody>();
  const rules = useMemo(() => zodRules(infoBody), []);
  const name = Form.useWatch('name', form) ?? '';
  const required = (key: string, upload = false) => ({
    required: true,
    message: t(upload ? 'translation:kit.requiredUpload' : 'translation:kit.required', {
      label: t(dynamicKey(`fields.${key}`)),
    }),
  });
  return (
    <Form<InfoBody>
      form={form}
      name={FORM}
      layout="vertical"
      initialValues={initial}
      onFinish={async (values) => {
        onSaving(true);
        try {
          await request(`/admin/${AREA}/submit`, values, { silent: true });
          onSaved();
        } catch (error) {
          showSaveError(form, error);
        } finally {
          onSaving(false);
        }
      }}
    >
      <Form.Item
        name="name"
        label={t('fields.name')}
        extra={`${nameLength(name)} / 30`}
        rules={[required('name'), ...(rules.name ?? [])]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="avatar" label={t('fields.avatar')} rules={[required('avatar', true)]}>
        <ImageUpload label={t('fields.avatar')} />
      </Form.Item>
      <Form.Item
        name="intro"
        label={t('fields.intro')}
        rules={[required('intro'), ...(rules.intro ?? [])]}
      >
        <Input.TextArea rows={3} maxLength={120} showCount />
      </Form.Item>
      <Form.Item
        name="categories"
        label={t('fields.categories')}
        // One message for an empty choice (a required rule beside zod's min said it twice).
        rules={[{ required: true, message: t('rules.categories') }]}
      >
        <Select
          mode="multiple"
          maxCount={CATEGORIES_MAX}
          options={SERVICE_CATEGORIES.map((value) => ({
            value,
            label: t(`categories.${value}`),
          }))}
        />
      </Form.Item>
    </Form>
  );
}

/**
 * Above the changes: the info live on the platform now, the change in review, and the button that
 * opens the change form (a change goes to review and applies once approved).
 */
function InfoToolbar() {
  const { t } = useTranslation([AREA, 'translation']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const state = useQuery({
    ...miniProgramStateQuery(),
    refetchInterval: (query) => (query.state.data?.pendingInfo ? WAITING_POLL_MS : false),
    // The person who acts is usually in another tab (the platform's page): asked there too.
    refetchIntervalInBackground: true,
  });
  // The latest change: a rejected one is what the form starts from, to be corrected.
  const latest = useQuery({
    queryKey: [`/admin/${AREA}`, 'latest'],
    queryFn: async () =>
      (
        await request<{ items: InfoChange[] }>(`/admin/${AREA}/list`, {
          page: 1,
          limit: 1,
          sort: 'createdAt',
          order: 'desc',
        })
      ).items[0] ?? null,
  });
  const pending = state.data?.pendingInfo?.id ?? null;
  const seen = useRef(pending);
  useEffect(() => {
    if (seen.current !== pending)
      void queryClient.invalidateQueries({ queryKey: [`/admin/${AREA}`] });
    seen.current = pending;
  }, [pending, queryClient]);
  if (!state.data) return null;
  const live = state.data;
  if (!live.appid)
    return (
      <Alert
        type="warning"
        showIcon
        message={t('translation:miniProgram.notRegistered')}
        action={
          <ViewLink to="/mini-program-register">
            {t('translation:route.mini-program-register')}
          </ViewLink>
        }
      />
    );
  return (
    <>
      <Space wrap data-testid="live-info">
        <Typography.Text type="secondary">{t('screen.live')}</Typography.Text>
        {live.avatar && <Avatar src={live.avatar} size="small" />}
        <Typography.Text strong>{live.name || t('screen.notSet')}</Typography.Text>
        {live.categories.map((c) => (
          <Tag key={c}>{t(dynamicKey(`categories.${c}`))}</Tag>
        ))}
        {state.data.pendingInfo && (
          <Tag color="processing">{t('screen.pending', { name: state.data.pendingInfo.name })}</Tag>
        )}
        <Button
          type="primary"
          icon={<EditOutlined />}
          disabled={!!state.data.pendingInfo}
          onClick={() => setOpen(true)}
        >
          {t('screen.edit')}
        </Button>
      </Space>
      <FormDrawer
        open={open}
        onClose={() => setOpen(false)}
        size={480}
        destroyOnHidden
        title={t('screen.edit')}
        formName={FORM}
        saving={saving}
      >
        <Typography.Paragraph type="secondary">{t('screen.help')}</Typography.Paragraph>
        <ChangeForm
          initial={changeFormStart(live, latest.data ?? null)}
          onSaving={setSaving}
          onSaved={async () => {
            setOpen(false);
            void message.success(t('screen.submitted'));
            await Promise.all(
              MINI_PROGRAM_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
            );
          }}
        />
      </FormDrawer>
    </>
  );
}

/** /xcxbase/info: the live info, its change form, and each change's review with its history. */
export default {
  toolbar: InfoToolbar,
  cells: {
    status: (value) => <StatusTag area={AREA} status={String(value)} />,
    categories: (value) => (value as string[]).map((c) => <CategoryTag key={c} value={c} />),
  },
  sections: {
    detail: ({ row }) => (
      <MiniProgramHistory
        subject="info"
        id={row.id}
        area={AREA}
        pending={row.status === 'reviewing'}
      />
    ),
  },
  phoneColumns: ['status'],
} satisfies ResourceOverrides;

function CategoryTag({ value }: { value: string }) {
  const { t } = useTranslation(AREA);
  return <Tag>{t(dynamicKey(`categories.${value}`))}</Tag>;
}
