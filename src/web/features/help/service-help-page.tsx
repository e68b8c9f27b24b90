import { PlusOutlined } from '@ant-design/icons';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Form, Input, InputNumber, Skeleton, Switch } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../../shared/format';
import { type HelpArticle, type HelpFields, helpFields } from '../../../shared/help';
import { request } from '../../api/request';
import { routeTitle } from '../../i18n';
import { FormDrawer } from '../../kit/form-drawer';
import { showSaveError, zodRules } from '../../kit/form-rules';
import { type ListColumn, ListScreen } from '../../kit/list-screen';
import type { ListFilter } from '../../kit/list-state';

const RichTextEditor = lazy(() => import('../../kit/rich-text-editor'));
const ENDPOINT = '/admin/help';
const rules = zodRules(helpFields);
const SAVE_KEY = [ENDPOINT, 'save'];

function Body(props: { value?: string; onChange?(html: string): void; label: string }) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

function HelpForm({ editing, onClose }: { editing: HelpArticle | 'new'; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<HelpFields>();
  const existing = editing === 'new' ? null : editing;
  const save = useMutation({
    mutationKey: SAVE_KEY,
    mutationFn: (values: HelpFields) =>
      existing
        ? request<HelpArticle>(
            `${ENDPOINT}/update`,
            { ...values, id: existing.id },
            { silent: true },
          )
        : request<HelpArticle>(`${ENDPOINT}/create`, values, { silent: true }),
    onSuccess: () => {
      void message.success(t('kit.saved'));
      void queryClient.invalidateQueries({ queryKey: [ENDPOINT] });
      onClose();
    },
    onError: (error) => showSaveError(form, error),
  });
  return (
    <Form<HelpFields>
      form={form}
      name="help"
      layout="vertical"
      initialValues={existing ?? { title: '', body: '', sortOrder: 0, published: true }}
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item
        name="title"
        label={t('help.title')}
        rules={[{ required: true, message: t('article.titleRequired') }, ...(rules.title ?? [])]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="sortOrder"
        label={t('article.sortOrder')}
        tooltip={t('article.sortOrderHelp')}
      >
        <InputNumber min={0} max={999999} precision={0} />
      </Form.Item>
      <Form.Item name="published" label={t('help.published')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="body" label={t('help.body')}>
        <Body label={t('help.body')} />
      </Form.Item>
    </Form>
  );
}

/** /service-help: the help centre's articles. */
export default function ServiceHelpPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<HelpArticle | 'new' | null>(null);
  const saving = useIsMutating({ mutationKey: SAVE_KEY }) > 0;
  const columns = useMemo<ListColumn<HelpArticle>[]>(
    () => [
      { key: 'title', title: t('help.title'), dataIndex: 'title', locked: true },
      {
        key: 'published',
        title: t('help.published'),
        dataIndex: 'published',
        width: 110,
        render: (v: boolean) => (
          <Badge status={v ? 'success' : 'default'} text={v ? t('help.shown') : t('help.hidden')} />
        ),
      },
      {
        key: 'sortOrder',
        title: t('article.sortOrder'),
        dataIndex: 'sortOrder',
        sortKey: 'sortOrder',
        width: 90,
      },
      {
        key: 'updatedAt',
        title: t('help.updatedAt'),
        dataIndex: 'updatedAt',
        sortKey: 'updatedAt',
        width: 170,
        render: (v: string) => parseTime(v, '{y}-{m}-{d} {h}:{i}'),
      },
      {
        key: 'actions',
        title: t('kit.actions'),
        width: 90,
        locked: true,
        render: (_, row) => (
          <Button type="link" style={{ padding: 0 }} onClick={() => setEditing(row)}>
            {t('kit.edit')}
          </Button>
        ),
      },
    ],
    [t],
  );
  const filters = useMemo<ListFilter[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('help.title'), width: 200 },
      {
        type: 'select',
        name: 'published',
        label: t('help.published'),
        options: [
          { value: true, label: t('help.shown') },
          { value: false, label: t('help.hidden') },
        ],
      },
    ],
    [t],
  );
  return (
    <>
      <ListScreen<HelpArticle>
        id="help"
        title={routeTitle('route.service-help')}
        endpoint={ENDPOINT}
        columns={columns}
        filters={filters}
        defaultSort="sortOrder"
        defaultOrder="asc"
        canDelete
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('help.new')}
          </Button>
        }
      />
      <FormDrawer
        open={!!editing}
        onClose={() => setEditing(null)}
        size={720}
        destroyOnHidden
        title={editing === 'new' ? t('help.new') : t('help.edit')}
        formName="help"
        saving={saving}
      >
        {editing && <HelpForm editing={editing} onClose={() => setEditing(null)} />}
      </FormDrawer>
    </>
  );
}
