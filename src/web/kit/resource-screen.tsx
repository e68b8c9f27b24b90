import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Tag,
} from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseTime } from '../../shared/format';
import {
  type FieldDef,
  fieldEntries,
  has,
  inDetail,
  inForm,
  inList,
  type ResourceDef,
} from '../../shared/resource';
import { emptyValue, inputSchema, rangeParam } from '../../shared/resource-schema';
import { request } from '../api/request';
import { routeTitle } from '../i18n';
import { translateMessage } from '../i18n/server-messages';
import { showSaveError } from './form-rules';
import { ImageUpload } from './image-upload';
import { type ListColumn, ListScreen } from './list-screen';
import type { ListFilter } from './list-state';
import { Thumbnail } from './thumbnail';
import { ViewDrawer } from './view-drawer';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

type Row = { id: number } & Record<string, unknown>;

/** A field's control in the form: `value` and `onChange` as antd's Form.Item gives them. */
export type FieldControl = ComponentType<{
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}>;

/** What an area changes of its derived screen (src/web/features/<name>/index.tsx, default export). */
export interface ResourceOverrides {
  /** A list cell and its detail value, by field. */
  cells?: Record<string, (value: unknown, row: Row) => ReactNode>;
  /** A form control, by field. */
  fields?: Record<string, FieldControl>;
  /** Sections added under the detail drawer's fields. */
  sections?: { detail?: ComponentType<{ row: Row }> };
  /** Buttons beside Add in the toolbar. */
  toolbar?: ComponentType;
}

const time = (v: unknown) => (v ? parseTime(v as string, '{y}-{m}-{d} {h}:{i}') : '—');

/** How a field's value reads in a cell or the detail drawer. */
function useDisplay(resource: ResourceDef) {
  const { t } = useTranslation(resource.name);
  return useCallback(
    (key: string, f: FieldDef, value: unknown): ReactNode => {
      if (value === null || value === undefined || value === '') return '—';
      switch (f.kind) {
        case 'enum':
          return t(`enums.${key}.${value}`);
        case 'boolean':
          return t(`enums.${key}.${value}`, {
            defaultValue: value ? t('translation:kit.yes') : t('translation:kit.no'),
          });
        case 'money':
          return `¥${formatMoney(value as string)}`;
        case 'datetime':
          return time(value);
        case 'tags':
          return (value as string[]).map((tag) => <Tag key={tag}>{tag}</Tag>);
        case 'image':
          return <Thumbnail src={value as string} width={48} height={48} />;
        case 'images':
          return (value as string[]).map((src) => (
            <Thumbnail key={src} src={src} width={48} height={48} />
          ));
        case 'richText':
          // Kept only in the server's sanitiser's safe subset on every write.
          return (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on every write.
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: value as string }} />
          );
        default:
          return String(value);
      }
    },
    [t],
  );
}

/** antd's rules for a field: required in the form's words, then the shared schema's own rule. */
function rulesOf(f: FieldDef, label: string, t: TFunction): Rule[] {
  const schema = inputSchema(f);
  return [
    ...(f.required
      ? [{ required: true, whitespace: true, message: t('translation:kit.required', { label }) }]
      : []),
    {
      validator: async (_rule, value) => {
        if (value === undefined || value === null || value === '') return;
        const result = schema.safeParse(value);
        if (!result.success)
          throw new Error(translateMessage(result.error.issues[0]?.message ?? 'Invalid'));
      },
    },
  ];
}

/** The editor, loaded with the first form that has one; Form.Item's value and onChange pass on. */
function RichText(props: { label: string; value?: string; onChange?(html: string): void }) {
  return (
    <Suspense fallback={null}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

function control(key: string, f: FieldDef, label: string, t: TFunction) {
  switch (f.kind) {
    case 'longText':
      return <Input.TextArea rows={3} maxLength={f.max ?? 2000} showCount />;
    case 'richText':
      return <RichText label={label} />;
    case 'integer':
      return <InputNumber precision={0} min={f.min ?? 0} max={f.max} style={{ width: 160 }} />;
    case 'money':
      return <InputNumber stringMode precision={2} min="0" prefix="¥" style={{ width: 180 }} />;
    case 'enum':
      return (
        <Select
          style={{ maxWidth: 240 }}
          options={f.values?.map((v) => ({ value: v, label: t(`enums.${key}.${v}`) }))}
        />
      );
    case 'boolean':
      return <Switch />;
    case 'tags':
      return <Select mode="tags" tokenSeparators={[',', '，']} open={false} />;
    case 'image':
      return <ImageUpload label={label} />;
    case 'secret':
      return <Input.Password autoComplete="new-password" maxLength={f.max ?? 500} />;
    default:
      return <Input maxLength={f.max ?? (f.kind === 'phone' ? 20 : 200)} />;
  }
}

/** Save and Cancel at the bottom right of every form drawer, in view while the form scrolls. */
const FOOTER = {
  display: 'flex',
  justifyContent: 'flex-end',
  position: 'sticky',
  bottom: 0,
  padding: '12px 0',
  background: 'var(--ant-color-bg-elevated)',
} as const;

function ResourceForm({
  resource,
  overrides,
  editing,
  onClose,
}: {
  resource: ResourceDef;
  overrides: ResourceOverrides;
  editing: Row | 'new';
  onClose(): void;
}) {
  const { t } = useTranslation(resource.name);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const endpoint = `/admin/${resource.name}`;
  const existing = editing === 'new' ? null : editing;
  const fields = useMemo(() => fieldEntries(resource).filter(([, f]) => inForm(f)), [resource]);
  const initial = useMemo(
    () =>
      existing ?? Object.fromEntries(fields.map(([key, f]) => [key, emptyValue(f) ?? undefined])),
    [existing, fields],
  );
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      request<Row>(
        `${endpoint}/${existing ? 'update' : 'create'}`,
        existing ? { ...values, id: existing.id } : values,
        { silent: true },
      ),
    onSuccess: () => {
      void message.success(t('translation:kit.saved'));
      void queryClient.invalidateQueries({ queryKey: [endpoint] });
      onClose();
    },
    onError: (error) => showSaveError(form, error),
  });
  return (
    <Form
      form={form}
      name={resource.name}
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => save.mutate(values)}
    >
      {fields.map(([key, f]) => {
        const label = t(`fields.${key}`);
        const Own = overrides.fields?.[key];
        return (
          <Form.Item
            key={key}
            name={key}
            label={label}
            rules={rulesOf(f, label, t)}
            valuePropName={f.kind === 'boolean' ? 'checked' : 'value'}
          >
            {Own ? <Own /> : control(key, f, label, t)}
          </Form.Item>
        );
      })}
      <div style={FOOTER}>
        <Space>
          <Button onClick={onClose}>{t('translation:kit.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('translation:kit.save')}
          </Button>
        </Space>
      </div>
    </Form>
  );
}

/**
 * The screen of a resource, derived from its definition: the list with its columns, filters,
 * sort, bulk delete and export; the add/edit form in a drawer; the detail drawer. `overrides`
 * change a cell, a form control or add a section, by field.
 */
export function ResourceScreen({
  resource,
  overrides = {},
}: {
  resource: ResourceDef;
  overrides?: ResourceOverrides;
}) {
  const { t } = useTranslation(resource.name);
  const display = useDisplay(resource);
  const [viewing, setViewing] = useState<Row | null>(null);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const fields = useMemo(() => fieldEntries(resource), [resource]);
  const canEdit = has(resource, 'update');

  const columns = useMemo<ListColumn<Row>[]>(() => {
    const cellOf = (key: string, f: FieldDef) => (value: unknown, row: Row) =>
      overrides.cells?.[key]?.(value, row) ?? display(key, f, value);
    const list = fields
      .filter(([, f]) => inList(f))
      .map(([key, f]): ListColumn<Row> => {
        const width = typeof f.list === 'number' ? f.list : undefined;
        if (key === resource.titleField)
          return {
            key,
            title: t(`fields.${key}`),
            dataIndex: key,
            locked: true,
            render: (value: unknown, row: Row) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => setViewing(row)}>
                {String(value)}
              </Button>
            ),
          };
        return {
          key,
          title: t(`fields.${key}`),
          dataIndex: key,
          width,
          sortKey: f.sortable ? key : undefined,
          align: f.kind === 'money' || f.kind === 'integer' ? 'right' : undefined,
          render: cellOf(key, f),
        };
      });
    list.push({
      key: 'actions',
      title: t('translation:kit.actions'),
      width: 110,
      locked: true,
      fixed: 'right',
      render: (_: unknown, row: Row) => (
        <Space>
          <Button type="link" style={{ padding: 0 }} onClick={() => setViewing(row)}>
            {t('translation:kit.detail')}
          </Button>
          {canEdit && (
            <Button type="link" style={{ padding: 0 }} onClick={() => setEditing(row)}>
              {t('translation:kit.edit')}
            </Button>
          )}
        </Space>
      ),
    });
    return list;
  }, [t, fields, overrides, display, resource.titleField, canEdit]);

  const filters = useMemo<ListFilter[]>(() => {
    const list: ListFilter[] = [];
    if (resource.keyword?.length)
      list.push({
        type: 'text',
        name: 'keyword',
        label: t('translation:kit.keyword'),
        placeholder: t('keywordPlaceholder'),
        maxLength: 64,
      });
    for (const [key, f] of fields) {
      const label = t(`fields.${key}`);
      if (f.filter === 'select' && f.kind === 'enum')
        list.push({
          type: 'select',
          name: key,
          label,
          options: (f.values ?? []).map((v) => ({ value: v, label: t(`enums.${key}.${v}`) })),
        });
      if (f.filter === 'select' && f.kind === 'boolean')
        list.push({
          type: 'select',
          name: key,
          label,
          options: [true, false].map((v) => ({
            value: v,
            label: t(`enums.${key}.${v}`, {
              defaultValue: v ? t('translation:kit.yes') : t('translation:kit.no'),
            }),
          })),
        });
      if (f.filter === 'tag')
        list.push({ type: 'text', name: key, label, width: 120, maxLength: f.itemMax ?? 20 });
      if (f.filter === 'range') list.push({ type: 'dateRange', name: rangeParam(key), label });
    }
    return list;
  }, [t, fields, resource.keyword]);

  const Section = overrides.sections?.detail;
  const Toolbar = overrides.toolbar;
  return (
    <>
      <ListScreen<Row>
        id={resource.name}
        title={routeTitle(`route.${resource.route}`)}
        endpoint={`/admin/${resource.name}`}
        columns={columns}
        filters={filters}
        defaultSort={resource.defaultSort}
        defaultOrder={resource.defaultOrder}
        canDelete={has(resource, 'delete')}
        canExport={has(resource, 'export')}
        toolbar={
          <>
            {Toolbar && <Toolbar />}
            {has(resource, 'create') && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {t('new')}
              </Button>
            )}
          </>
        }
      />
      <ViewDrawer
        open={!!viewing}
        onClose={() => setViewing(null)}
        size={480}
        title={viewing ? String(viewing[resource.titleField]) : undefined}
      >
        {viewing && (
          <>
            <Descriptions column={1} bordered size="small">
              {fields
                .filter(([, f]) => inDetail(f))
                .map(([key, f]) => (
                  <Descriptions.Item key={key} label={t(`fields.${key}`)}>
                    {overrides.cells?.[key]?.(viewing[key], viewing) ??
                      display(key, f, viewing[key])}
                  </Descriptions.Item>
                ))}
            </Descriptions>
            {Section && <Section row={viewing} />}
          </>
        )}
      </ViewDrawer>
      <ViewDrawer
        open={!!editing}
        onClose={() => setEditing(null)}
        size={480}
        destroyOnHidden
        title={editing === 'new' ? t('new') : t('edit')}
      >
        {editing && (
          <ResourceForm
            resource={resource}
            overrides={overrides}
            editing={editing}
            onClose={() => setEditing(null)}
          />
        )}
      </ViewDrawer>
    </>
  );
}

/** The screen component of a resource, for the route table. */
export function screenOf(resource: ResourceDef, overrides?: ResourceOverrides) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per resource, when its chunk loads.
  function Screen() {
    return <ResourceScreen resource={resource} overrides={overrides} />;
  }
  Screen.displayName = `ResourceScreen(${resource.name})`;
  return Screen;
}
