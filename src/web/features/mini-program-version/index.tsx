import { CloudUploadOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { compareVersions } from '../../../shared/mini-program';
import { TEMPLATES } from '../../../shared/resources/mini-program-version';
import { request } from '../../api/request';
import { ViewLink } from '../../kit/cached-view';
import {
  MINI_PROGRAM_KEYS,
  MiniProgramHistory,
  miniProgramStateQuery,
  StatusTag,
  WAITING_POLL_MS,
} from '../../kit/mini-program';
import { moneyMoved } from '../../kit/money';
import { QrLinkButton } from '../../kit/qr-link';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';
import { useOneAtATime } from '../../kit/submit-once';

const AREA = 'mini-program-version';
const VERSIONS = `/admin/${AREA}`;

/** Reloads what a move of a version changes: the lists, the state, and the balance. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      MINI_PROGRAM_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
}

/** Uploads a new version from one of the platform's templates. */
function UploadButton() {
  const { t } = useTranslation(AREA);
  const { message } = App.useApp();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ templateId: string; description: string }>();
  const upload = useOneAtATime(async (values: { templateId: string; description: string }) => {
    setSaving(true);
    try {
      await request(`${VERSIONS}/upload`, values);
      void message.success(t('screen.uploaded'));
      setOpen(false);
      await refresh();
    } catch {
      // The toast says why.
    } finally {
      setSaving(false);
    }
  });
  return (
    <>
      <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setOpen(true)}>
        {t('screen.upload')}
      </Button>
      <Modal
        open={open}
        title={t('screen.uploadTitle')}
        okText={t('screen.upload')}
        confirmLoading={saving}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ templateId: TEMPLATES[0].id, description: '' }}
          onFinish={upload}
        >
          <Form.Item name="templateId" label={t('screen.template')}>
            <Select
              options={TEMPLATES.map((template) => ({
                value: template.id,
                label: t(`enums.templateId.${template.id}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="description" label={t('fields.description')}>
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/**
 * Above the versions: the AppID, the version live now with its rollback, and Upload. Asks again
 * while a version is in review, so its outcome shows in the list without a reload.
 */
function PublishToolbar() {
  const { t } = useTranslation([AREA, 'translation']);
  const { modal, message } = App.useApp();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const state = useQuery({
    ...miniProgramStateQuery(),
    refetchInterval: (query) => (query.state.data?.reviewing ? WAITING_POLL_MS : false),
    // The person who acts is usually in another tab (the platform's page): asked there too.
    refetchIntervalInBackground: true,
  });
  const reviewing = state.data?.reviewing ?? null;
  const seen = useRef(reviewing);
  useEffect(() => {
    if (seen.current !== reviewing) void queryClient.invalidateQueries({ queryKey: [VERSIONS] });
    seen.current = reviewing;
  }, [reviewing, queryClient]);
  if (!state.data) return null;
  const { appid, released, canRollback, releasePrice } = state.data;
  if (!appid)
    return (
      <Alert
        type="warning"
        showIcon
        message={t('screen.notRegistered')}
        action={
          <ViewLink to="/mini-program-register">
            {t('translation:route.mini-program-register')}
          </ViewLink>
        }
      />
    );
  return (
    <Space wrap>
      <Typography.Text type="secondary">
        {t('screen.appid')} <Typography.Text copyable>{appid}</Typography.Text>
      </Typography.Text>
      <Typography.Text type="secondary" data-testid="live-version">
        {t('screen.live')}{' '}
        {released ? <Tag color="green">{released.version}</Tag> : t('screen.none')}
      </Typography.Text>
      <Button
        icon={<RollbackOutlined />}
        disabled={!canRollback}
        onClick={() =>
          modal.confirm({
            title: t('screen.rollbackConfirm'),
            onOk: async () => {
              try {
                await request(`${VERSIONS}/rollback`, {});
                void message.success(t('screen.rolledBack'));
                await refresh();
              } catch {
                // The toast says why.
              }
            },
          })
        }
      >
        {t('screen.rollback')}
      </Button>
      <Typography.Text type="secondary">
        {t('screen.price', { price: formatMoney(releasePrice) })}
      </Typography.Text>
      <UploadButton />
    </Space>
  );
}

/** A version's actions: try it (its experience QR code), submit it, release it. */
function VersionActions({ row }: { row: ResourceRow }) {
  const { t } = useTranslation(AREA);
  const { modal, message } = App.useApp();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const status = row.status as string;
  const version = String(row.version);
  return (
    <Space>
      {['uploaded', 'reviewing', 'approved', 'rejected'].includes(status) && (
        <QrLinkButton
          label={t('screen.experience')}
          title={t('screen.experienceTitle', { version })}
          hint={t('screen.experienceHint')}
          download={t('screen.download')}
          call={[`${VERSIONS}/qr`, { id: row.id }]}
        />
      )}
      {(status === 'uploaded' || status === 'rejected') && (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={async () => {
            try {
              await request(`${VERSIONS}/submit`, { id: row.id });
              void message.success(t('screen.submitted'));
              await refresh();
            } catch {
              // The toast says why.
            }
          }}
        >
          {t('screen.submit')}
        </Button>
      )}
      {status === 'approved' && (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => {
            const state = queryClient.getQueryData(miniProgramStateQuery().queryKey);
            const price = formatMoney(state?.releasePrice ?? '');
            // An older version over the newer one live now: said with both, before it goes.
            const live = state?.released?.version;
            const older = !!live && compareVersions(version, live) < 0;
            modal.confirm({
              title: older
                ? t('screen.releaseOlder', { version, live, price })
                : t('screen.releaseConfirm', { version, price }),
              okButtonProps: older ? { danger: true } : undefined,
              onOk: async () => {
                try {
                  await request(`${VERSIONS}/release`, { id: row.id, replaceNewer: older });
                  void message.success(t('screen.released'));
                  await Promise.all([refresh(), moneyMoved(queryClient)]);
                } catch {
                  // The toast says why (a short balance among them).
                }
              },
            });
          }}
        >
          {t('screen.release')}
        </Button>
      )}
    </Space>
  );
}

/** /mini-program-publish: the versions, with the live one, upload, review, release and rollback. */
export default {
  cells: { status: (value) => <StatusTag area={AREA} status={String(value)} /> },
  toolbar: PublishToolbar,
  rowActions: { render: VersionActions, width: 130 },
  sections: {
    detail: ({ row }) => (
      <MiniProgramHistory
        subject="version"
        id={row.id}
        area={AREA}
        pending={row.status === 'reviewing'}
      />
    ),
  },
  phoneColumns: ['status'],
} satisfies ResourceOverrides;
