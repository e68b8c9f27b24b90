import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, Input, Select, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_SOURCES,
  type Customer,
  type CustomerFields,
  customerFields,
  GENDERS,
} from '../../../shared/customer';
import { formatMoney, parseTime } from '../../../shared/format';
import { request } from '../../api/request';
import { routeTitle } from '../../i18n';
import { showSaveError, zodRules } from '../../kit/form-rules';
import { type ListColumn, ListScreen } from '../../kit/list-screen';
import type { ListFilter } from '../../kit/list-state';
import { ViewDrawer } from '../../kit/view-drawer';

const ENDPOINT = '/admin/customer';
const rules = zodRules(customerFields);
const time = (v: string | null) => (v ? parseTime(v, '{y}-{m}-{d} {h}:{i}') : '—');

function CustomerForm({ editing, onClose }: { editing: Customer | 'new'; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CustomerFields>();
  const existing = editing === 'new' ? null : editing;
  const save = useMutation({
    mutationFn: (values: CustomerFields) =>
      existing
        ? request<Customer>(`${ENDPOINT}/update`, { ...values, id: existing.id }, { silent: true })
        : request<Customer>(`${ENDPOINT}/create`, values, { silent: true }),
    onSuccess: () => {
      void message.success(t('kit.saved'));
      void queryClient.invalidateQueries({ queryKey: [ENDPOINT] });
      onClose();
    },
    onError: (error) => showSaveError(form, error),
  });
  return (
    <Form<CustomerFields>
      form={form}
      name="customer"
      layout="vertical"
      initialValues={existing ?? { gender: 'unknown', source: 'store', tags: [] }}
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item
        name="name"
        label={t('customer.name')}
        rules={[{ required: true, message: t('customer.nameRequired') }, ...(rules.name ?? [])]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="phone" label={t('customer.phone')} rules={rules.phone}>
        <Input maxLength={20} />
      </Form.Item>
      <Space size="large">
        <Form.Item name="gender" label={t('customer.gender')}>
          <Select
            style={{ width: 120 }}
            options={GENDERS.map((g) => ({ value: g, label: t(`customer.genders.${g}`) }))}
          />
        </Form.Item>
        <Form.Item name="source" label={t('customer.source')}>
          <Select
            style={{ width: 140 }}
            options={CUSTOMER_SOURCES.map((s) => ({ value: s, label: t(`customer.sources.${s}`) }))}
          />
        </Form.Item>
      </Space>
      <Form.Item name="tags" label={t('customer.tags')} rules={rules.tags}>
        <Select mode="tags" tokenSeparators={[',', '，']} open={false} />
      </Form.Item>
      <Form.Item name="remark" label={t('customer.remark')} rules={rules.remark}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('kit.save')}
      </Button>
    </Form>
  );
}

/** /client-list: the merchant's customers, with a detail drawer, add/edit and export. */
export default function CustomerPage() {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<Customer | null>(null);
  const [editing, setEditing] = useState<Customer | 'new' | null>(null);
  const columns = useMemo<ListColumn<Customer>[]>(
    () => [
      {
        key: 'name',
        title: t('customer.name'),
        dataIndex: 'name',
        locked: true,
        render: (name: string, row) => (
          <Button type="link" style={{ padding: 0 }} onClick={() => setViewing(row)}>
            {name}
          </Button>
        ),
      },
      { key: 'phone', title: t('customer.phone'), dataIndex: 'phone', width: 140 },
      {
        key: 'gender',
        title: t('customer.gender'),
        dataIndex: 'gender',
        width: 80,
        render: (g: string) => t(`customer.genders.${g}`),
      },
      {
        key: 'source',
        title: t('customer.source'),
        dataIndex: 'source',
        width: 100,
        render: (s: string) => t(`customer.sources.${s}`),
      },
      {
        key: 'tags',
        title: t('customer.tags'),
        dataIndex: 'tags',
        render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
      },
      {
        key: 'orderCount',
        title: t('customer.orderCount'),
        dataIndex: 'orderCount',
        sortKey: 'orderCount',
        width: 100,
      },
      {
        key: 'totalSpent',
        title: t('customer.totalSpent'),
        dataIndex: 'totalSpent',
        sortKey: 'totalSpent',
        width: 130,
        align: 'right',
        render: (v: string) => `¥${formatMoney(v)}`,
      },
      {
        key: 'registeredAt',
        title: t('customer.registeredAt'),
        dataIndex: 'registeredAt',
        sortKey: 'registeredAt',
        width: 160,
        render: time,
      },
      {
        key: 'lastActiveAt',
        title: t('customer.lastActiveAt'),
        dataIndex: 'lastActiveAt',
        sortKey: 'lastActiveAt',
        width: 160,
        render: time,
      },
      {
        key: 'actions',
        title: t('kit.actions'),
        width: 110,
        locked: true,
        fixed: 'right',
        render: (_, row) => (
          <Space>
            <Button type="link" style={{ padding: 0 }} onClick={() => setViewing(row)}>
              {t('kit.detail')}
            </Button>
            <Button type="link" style={{ padding: 0 }} onClick={() => setEditing(row)}>
              {t('kit.edit')}
            </Button>
          </Space>
        ),
      },
    ],
    [t],
  );
  const filters = useMemo<ListFilter[]>(
    () => [
      {
        type: 'text',
        name: 'keyword',
        label: t('customer.keyword'),
        placeholder: t('customer.keywordPlaceholder'),
        maxLength: 64,
      },
      {
        type: 'select',
        name: 'gender',
        label: t('customer.gender'),
        width: 100,
        options: GENDERS.map((g) => ({ value: g, label: t(`customer.genders.${g}`) })),
      },
      {
        type: 'select',
        name: 'source',
        label: t('customer.source'),
        options: CUSTOMER_SOURCES.map((s) => ({ value: s, label: t(`customer.sources.${s}`) })),
      },
      { type: 'text', name: 'tag', label: t('customer.tag'), width: 120, maxLength: 20 },
      { type: 'dateRange', name: 'registeredRange', label: t('customer.registeredAt') },
    ],
    [t],
  );

  return (
    <>
      <ListScreen<Customer>
        id="customers"
        title={routeTitle('route.client-list')}
        endpoint={ENDPOINT}
        columns={columns}
        filters={filters}
        defaultSort="registeredAt"
        canDelete
        canExport
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('customer.new')}
          </Button>
        }
      />
      <ViewDrawer
        open={!!viewing}
        onClose={() => setViewing(null)}
        size={480}
        title={viewing?.name}
      >
        {viewing && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('customer.phone')}>
              {viewing.phone || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('customer.gender')}>
              {t(`customer.genders.${viewing.gender}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('customer.source')}>
              {t(`customer.sources.${viewing.source}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('customer.tags')}>
              {viewing.tags.map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('customer.orderCount')}>
              {viewing.orderCount}
            </Descriptions.Item>
            <Descriptions.Item label={t('customer.totalSpent')}>
              ¥{formatMoney(viewing.totalSpent)}
            </Descriptions.Item>
            <Descriptions.Item label={t('customer.registeredAt')}>
              {time(viewing.registeredAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('customer.lastActiveAt')}>
              {time(viewing.lastActiveAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('customer.remark')}>
              {viewing.remark || '—'}
            </Descriptions.Item>
          </Descriptions>
        )}
      </ViewDrawer>
      <ViewDrawer
        open={!!editing}
        onClose={() => setEditing(null)}
        size={480}
        destroyOnHidden
        title={editing === 'new' ? t('customer.new') : t('customer.edit')}
      >
        {editing && <CustomerForm editing={editing} onClose={() => setEditing(null)} />}
      </ViewDrawer>
    </>
  );
}
