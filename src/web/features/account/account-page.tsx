import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Form, Input, Space, Switch, Tag, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_STATUSES, type Account } from '../../../shared/account';
import { parseTime } from '../../../shared/format';
import { IMPLIED_ROUTES } from '../../../shared/routes';
import { request } from '../../api/request';
import { routeTitle } from '../../i18n';
import { FormDrawer } from '../../kit/form-drawer';
import { showSaveError } from '../../kit/form-rules';
import { type ListColumn, ListScreen } from '../../kit/list-screen';
import type { ListFilter } from '../../kit/list-state';
import { useSession } from '../../stores/session';
import { namesOf, routeTree } from './route-tree';

const ENDPOINT = '/admin/account';

interface FormValues {
  name: string;
  realname: string;
  password?: string;
  active: boolean;
  permissions: string[];
}

function AccountDrawer({ editing, onClose }: { editing: Account | 'new' | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const me = useSession((state) => state.profile);
  const permitted = useSession((state) => state.permitted);
  const tree = useMemo(
    () => routeTree(routeTitle, (name) => !!me?.isOwner || permitted.has(name)),
    [me, permitted],
  );
  const isNew = editing === 'new';
  const account = editing && editing !== 'new' ? editing : null;

  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const body = {
        realname: values.realname ?? '',
        status: values.active ? 'active' : 'disabled',
        permissions: namesOf(values.permissions ?? []),
        ...(values.password ? { password: values.password } : {}),
      };
      return isNew
        ? request<Account>(`${ENDPOINT}/create`, { ...body, name: values.name }, { silent: true })
        : request<Account>(`${ENDPOINT}/update`, { ...body, id: account?.id }, { silent: true });
    },
    onSuccess: () => {
      void message.success(t('kit.saved'));
      void queryClient.invalidateQueries({ queryKey: [ENDPOINT] });
      onClose();
    },
    onError: (error) => showSaveError(form, error),
  });

  return (
    <FormDrawer
      open={!!editing}
      onClose={onClose}
      size={520}
      destroyOnHidden
      title={isNew ? t('account.new') : t('account.edit', { name: account?.name })}
      formName="account"
      saving={save.isPending}
    >
      <Form<FormValues>
        form={form}
        name="account"
        layout="vertical"
        initialValues={{
          name: account?.name ?? '',
          realname: account?.realname ?? '',
          active: account ? account.status === 'active' : true,
          permissions: account?.permissions ?? [],
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="name"
          label={t('account.name')}
          rules={[{ required: true, message: t('account.nameRequired') }]}
          extra={isNew ? t('account.nameHelp') : undefined}
        >
          <Input disabled={!isNew} autoComplete="off" maxLength={32} />
        </Form.Item>
        <Form.Item name="realname" label={t('account.realname')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="password"
          label={isNew ? t('account.password') : t('account.resetPassword')}
          rules={isNew ? [{ required: true, message: t('password.newRequired') }] : []}
          extra={isNew ? t('password.policy', { min: 8 }) : t('account.resetPasswordHelp')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="active" label={t('account.status')} valuePropName="checked">
          <Switch
            checkedChildren={t('account.statuses.active')}
            unCheckedChildren={t('account.statuses.disabled')}
          />
        </Form.Item>
        <Form.Item
          name="permissions"
          label={t('account.routes')}
          valuePropName="checkedKeys"
          trigger="onCheck"
          extra={t('account.routesHelp')}
        >
          <Tree checkable defaultExpandAll treeData={tree} aria-label={t('account.routes')} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}

/** /permission-account: sub-accounts and the routes each may open. */
export default function AccountPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Account | 'new' | null>(null);
  const columns = useMemo<ListColumn<Account>[]>(
    () => [
      { key: 'name', title: t('account.name'), dataIndex: 'name', sortKey: 'name', locked: true },
      { key: 'realname', title: t('account.realname'), dataIndex: 'realname' },
      {
        key: 'status',
        title: t('account.status'),
        dataIndex: 'status',
        render: (status: Account['status'], row) => (
          <Space>
            <Badge
              status={status === 'active' ? 'success' : 'default'}
              text={t(`account.statuses.${status}`)}
            />
            {row.isOwner && <Tag color="gold">{t('dashboard.owner')}</Tag>}
          </Space>
        ),
      },
      {
        key: 'permissions',
        title: t('account.routes'),
        dataIndex: 'permissions',
        render: (names: string[], row) =>
          row.isOwner
            ? t('account.allRoutes')
            : t('account.routeCount', {
                count: names.filter((n) => !IMPLIED_ROUTES.has(n)).length,
              }),
      },
      {
        key: 'lastLoginAt',
        title: t('account.lastLogin'),
        dataIndex: 'lastLoginAt',
        render: (v: string | null) => (v ? parseTime(v, '{y}-{m}-{d} {h}:{i}') : '—'),
      },
      {
        key: 'createdAt',
        title: t('account.createdAt'),
        dataIndex: 'createdAt',
        sortKey: 'createdAt',
        render: (v: string) => parseTime(v, '{y}-{m}-{d} {h}:{i}'),
      },
      {
        key: 'actions',
        title: t('kit.actions'),
        locked: true,
        render: (_, row) =>
          row.isOwner ? null : (
            <Button type="link" onClick={() => setEditing(row)} style={{ padding: 0 }}>
              {t('kit.edit')}
            </Button>
          ),
      },
    ],
    [t],
  );
  const filters = useMemo<ListFilter[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('account.keyword'), maxLength: 64 },
      {
        type: 'select',
        name: 'status',
        label: t('account.status'),
        options: ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`account.statuses.${s}`) })),
      },
    ],
    [t],
  );
  return (
    <>
      <ListScreen<Account>
        id="accounts"
        title={routeTitle('route.permission-account')}
        endpoint={ENDPOINT}
        columns={columns}
        filters={filters}
        defaultSort="createdAt"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('account.new')}
          </Button>
        }
      />
      <AccountDrawer editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
