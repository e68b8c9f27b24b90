import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tree,
  type TreeDataNode,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MockRole, MockRoute } from '../../../shared/demo-mock';
import { routeTitle } from '../../i18n';
import { leafPaths, pickRoutes, roleCalls, roleQueries } from './role-api';

const toTree = (routes: readonly MockRoute[]): TreeDataNode[] =>
  routes.map((route) => ({
    key: route.path,
    title: `${routeTitle(route.meta?.title)} (${route.path})`,
    ...(route.children?.length ? { children: toTree(route.children) } : {}),
  }));

/**
 * Template demo /permission/role ("user permissions", admin only): the mock's roles, created,
 * edited and deleted with the route tree they may open.
 */
export default function RolePermissionPage() {
  const { t } = useTranslation('demos');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const roles = useQuery(roleQueries.roles());
  const [editing, setEditing] = useState<Partial<MockRole> | null>(null);
  const remove = useMutation({
    mutationFn: (key: string) => roleCalls.remove(key),
    onSuccess: () => {
      void message.success(t('deleted'));
      return queryClient.invalidateQueries({ queryKey: ['demo-role', 'roles'] });
    },
  });
  return (
    <Card>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setEditing({})}
        style={{ marginBottom: 16 }}
      >
        {t('permission.newRole')}
      </Button>
      <Table<MockRole>
        rowKey="key"
        loading={roles.isFetching}
        dataSource={roles.data}
        pagination={false}
        // On a phone the table scrolls sideways: its actions stay reachable.
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('permission.roleKey'), dataIndex: 'key', width: 120 },
          { title: t('permission.roleName'), dataIndex: 'name', width: 160 },
          { title: t('permission.roleDescription'), dataIndex: 'description' },
          {
            title: t('actions'),
            key: 'actions',
            width: 170,
            render: (_, role) => (
              <Space size={0}>
                <Button type="link" onClick={() => setEditing(role)}>
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('permission.deleteRole', { name: role.name })}
                  okText={t('confirm')}
                  cancelText={t('cancel')}
                  onConfirm={() => remove.mutate(role.key)}
                >
                  <Button type="link" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <RoleDialog role={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function RoleDialog({ role, onClose }: { role: Partial<MockRole>; onClose: () => void }) {
  const { t } = useTranslation('demos');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const routes = useQuery(roleQueries.routes());
  const [form] = Form.useForm<{ name: string; description: string }>();
  const [checked, setChecked] = useState<string[]>(() => leafPaths(role.routes ?? []));
  const treeData = useMemo(() => toTree(routes.data ?? []), [routes.data]);
  const save = useMutation({
    mutationFn: async (values: { name: string; description: string }): Promise<unknown> => {
      const body = { ...values, routes: pickRoutes(routes.data ?? [], new Set(checked)) };
      return role.key ? roleCalls.update(role.key, body) : roleCalls.create(body);
    },
    onSuccess: async () => {
      void message.success(t('saved'));
      await queryClient.invalidateQueries({ queryKey: ['demo-role', 'roles'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      width={640}
      title={role.key ? t('permission.editRole') : t('permission.newRole')}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: role.name ?? '', description: role.description ?? '' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="name"
          label={t('permission.roleName')}
          rules={[{ required: true, whitespace: true, message: t('permission.roleNameRequired') }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="description" label={t('permission.roleDescription')}>
          <Input.TextArea autoSize={{ minRows: 2 }} maxLength={500} />
        </Form.Item>
        <Form.Item label={t('permission.routes')}>
          <Tree
            checkable
            defaultExpandAll
            height={320}
            treeData={treeData}
            checkedKeys={checked}
            onCheck={(keys) => {
              const list = Array.isArray(keys) ? keys : keys.checked;
              // Only the leaves count: a group is checked when its leaves are.
              const leaves = new Set(leafPaths(routes.data ?? []));
              setChecked(list.map(String).filter((key) => leaves.has(key)));
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
