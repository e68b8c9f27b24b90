import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, use, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FieldDef,
  fieldEntries,
  inForm,
  type ResourceDef,
  utf8Bytes,
} from '../../shared/resource';
import { emptyValue, inputSchema } from '../../shared/resource-schema';
import { request } from '../api/request';
import { type AreaTFunction, areaNamespaces, dynamicKey, issueText } from '../i18n';
import { setDayjsLocale } from './dayjs-locale';
import { keepEnterInDatePickers } from './form-keys';
import { showSaveError } from './form-rules';
import { ImagesUpload, ImageUpload } from './image-upload';
import { LinkPicker } from './link-picker';
import { ParentSelect, ReferenceSelect, ReferencesSelect } from './reference-select';
import {
  affectedLists,
  formName,
  formPartOf,
  type ResourceOverrides,
  type ResourceRow,
  withFormPart,
} from './resource-overrides';
import { useRepeatKey, useSubmitOnce } from './submit-once';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** antd's rules for a field: required in the form's words, then the shared schema's own rule. */
export function rulesOf(f: FieldDef, label: string, t: AreaTFunction): Rule[] {
  const schema = inputSchema(f);
  return [
    ...(f.required
      ? [
          {
            required: true,
            // A number is checked as one (antd's default type is a string: 5 would be refused).
            ...(f.kind === 'integer' ? { type: 'number' as const } : { whitespace: true }),
            // An image is uploaded, not typed.
            message: t(
              f.kind === 'image' || f.kind === 'images'
                ? 'translation:kit.requiredUpload'
                : 'translation:kit.required',
              { label },
            ),
          },
        ]
      : []),
    {
      validator: async (_rule, value) => {
        if (value === undefined || value === null || value === '') return;
        const result = schema.safeParse(dayjs.isDayjs(value) ? value.toISOString() : value);
        if (!result.success) throw new Error(issueText(result.error.issues[0]));
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

function control(
  key: string,
  f: FieldDef,
  label: string,
  t: AreaTFunction,
  resource: ResourceDef,
  existing: ResourceRow | null,
) {
  switch (f.kind) {
    case 'reference':
      return (
        <ReferenceSelect
          to={f.to!}
          label={(existing?.labels as Record<string, string> | undefined)?.[key]}
        />
      );
    case 'references':
      return (
        <ReferencesSelect
          to={f.to!}
          max={f.max ?? 100}
          labels={(existing?.labels as Record<string, string[]> | undefined)?.[key]}
        />
      );
    case 'link':
      return <LinkPicker label={(existing?.labels as Record<string, string> | undefined)?.[key]} />;
    case 'parent':
      return (
        <ParentSelect
          resource={resource.name}
          self={existing?.id}
          placeholder={t('root', { defaultValue: '' })}
        />
      );
    case 'longText':
      return f.maxBytes ? (
        // Counted as the marketplace counts: bytes.
        <Input.TextArea rows={4} count={{ show: true, max: f.maxBytes, strategy: utf8Bytes }} />
      ) : (
        <Input.TextArea rows={3} maxLength={f.max ?? 2000} showCount />
      );
    case 'richText':
      return <RichText label={label} />;
    case 'integer':
      return <InputNumber precision={0} min={f.min ?? 0} max={f.max} style={{ width: 160 }} />;
    case 'money':
      return <InputNumber stringMode precision={2} min="0" prefix="¥" style={{ width: 180 }} />;
    case 'decimal':
      // A field that may go below zero (a longitude) leaves its bounds to the shared rule, which
      // says what is wrong rather than changing the number.
      return (
        <InputNumber
          stringMode
          precision={f.scale ?? 4}
          min={f.min !== undefined && f.min < 0 ? undefined : '0'}
          style={{ width: 180 }}
        />
      );
    case 'enum':
      return (
        <Select
          style={{ maxWidth: 240 }}
          options={f.values?.map((v) => ({ value: v, label: t(dynamicKey(`enums.${key}.${v}`)) }))}
        />
      );
    case 'boolean':
      return <Switch />;
    case 'date':
      return <DatePicker />;
    case 'datetime':
      return <DatePicker showTime format="YYYY-MM-DD HH:mm" />;
    case 'tags':
      return <Select mode="tags" tokenSeparators={[',', '，']} open={false} />;
    case 'image':
      return <ImageUpload label={label} />;
    case 'images':
      return <ImagesUpload label={label} max={f.max ?? 20} />;
    case 'secret':
      return <Input.Password autoComplete="new-password" maxLength={f.max ?? 500} />;
    default:
      return <Input maxLength={f.max ?? (f.kind === 'phone' ? 20 : 200)} showCount={!!f.max} />;
  }
}

/** How a field's value goes into its control and back (dates are dayjs in antd's pickers). */
function valueProps(f: FieldDef) {
  if (f.kind === 'boolean') return { valuePropName: 'checked' };
  if (f.kind === 'date' || f.kind === 'datetime')
    return {
      getValueProps: (value: unknown) => ({ value: value ? dayjs(value as string) : null }),
      normalize: (value: Dayjs | null) =>
        value ? (f.kind === 'date' ? value.format('YYYY-MM-DD') : value.toISOString()) : null,
    };
  return {};
}

/** Save and Cancel at the bottom right of every resource form, in view while the form scrolls. */
const FOOTER = {
  display: 'flex',
  justifyContent: 'flex-end',
  position: 'sticky',
  bottom: 0,
  padding: '12px 0',
  background: 'var(--ant-color-bg-elevated)',
} as const;

/**
 * A resource's add/edit form, derived from its definition: a control per form field with the
 * shared schema's rules, the server's field errors on their fields. `fixed` holds the values the
 * screen gives (an article's type).
 */
export default function ResourceForm({
  resource,
  overrides: given = {},
  editing,
  fixed = {},
  preset,
  onSaved,
  onCancel,
  onDirty,
  cancelText,
  footer = true,
  onSaving,
}: {
  resource: ResourceDef;
  overrides?: ResourceOverrides;
  editing: ResourceRow | 'new';
  fixed?: Record<string, unknown>;
  /** A new row's first values besides the defaults (a parent the link names). */
  preset?: Record<string, unknown>;
  onSaved(): void;
  onCancel(): void;
  onDirty?(dirty: boolean): void;
  /** The cancel button's text (“Back” on a page of its own). */
  cancelText?: string;
  /** Its own Cancel and Save; false in a FormDrawer, whose footer has them. */
  footer?: boolean;
  onSaving?(saving: boolean): void;
}) {
  const { t, i18n } = useTranslation(areaNamespaces(resource.name));
  // The area's form part, loaded when its first form opens (suspends until then).
  const loading = formPartOf(given);
  const part = loading ? use(loading) : undefined;
  const overrides = useMemo(() => (part ? withFormPart(given, part) : given), [given, part]);
  // The date pickers' month and weekday names follow the UI's language.
  setDayjsLocale(i18n.language);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const endpoint = `/admin/${resource.name}`;
  const existing = editing === 'new' ? null : editing;
  /** Fields given on create only: shown, not editable, never sent when editing. */
  const fixedOnEdit = (f: FieldDef) => !!existing && !!f.createOnly;
  const fields = useMemo(() => fieldEntries(resource).filter(([, f]) => inForm(f)), [resource]);
  const initial = useMemo(
    () =>
      existing ?? {
        ...Object.fromEntries(fields.map(([key, f]) => [key, emptyValue(f) ?? undefined])),
        ...preset,
      },
    [existing, fields, preset],
  );
  const help = t('help', { returnObjects: true, defaultValue: {} }) as Record<string, string>;
  const FormSection = overrides.sections?.form;
  const repeatKey = useRepeatKey();
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => {
      const body: Record<string, unknown> = {
        ...values,
        ...fixed,
        ...(existing ? { id: existing.id } : {}),
      };
      for (const [key, f] of fields) if (fixedOnEdit(f)) delete body[key];
      return request<ResourceRow>(`${endpoint}/${existing ? 'update' : 'create'}`, body, {
        silent: true,
        // A new row is made once however often this form sends it.
        headers: existing ? undefined : { 'idempotency-key': repeatKey },
      });
    },
    onSuccess: (row) => {
      onDirty?.(false);
      void message.success(t('translation:kit.saved'));
      for (const queryKey of affectedLists(resource))
        void queryClient.invalidateQueries({ queryKey });
      overrides.onSaved?.(row);
      onSaved();
    },
    onError: (error) => showSaveError(form, error),
    onMutate: () => onSaving?.(true),
    onSettled: () => onSaving?.(false),
  });
  const submit = useSubmitOnce(save);
  return (
    <Form
      form={form}
      name={formName(resource, existing?.id)}
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      onValuesChange={() => onDirty?.(true)}
      onKeyDown={keepEnterInDatePickers}
      scrollToFirstError
    >
      {fields.map(([key, f]) => {
        const label: string = t(dynamicKey(`fields.${key}`));
        const Own = overrides.fields?.[key];
        if (fixedOnEdit(f))
          return (
            <Form.Item key={key} name={key} label={label}>
              <Input disabled />
            </Form.Item>
          );
        // Editing, a secret left empty keeps the stored one: not required, and said so.
        const keepSecret = !!existing && f.kind === 'secret';
        const item = (
          <Form.Item
            key={key}
            name={key}
            label={label}
            tooltip={help[key]}
            extra={keepSecret ? t('translation:kit.keepSecret') : undefined}
            rules={rulesOf(keepSecret ? { ...f, required: false } : f, label, t)}
            {...valueProps(f)}
          >
            {Own ? <Own /> : control(key, f, label, t, resource, existing)}
          </Form.Item>
        );
        const when = f.shownWhen;
        if (!when) return item;
        // Shown while the field it depends on holds one of its values; unmounted, it is not sent.
        return (
          <Form.Item key={key} noStyle dependencies={[when.field]}>
            {({ getFieldValue }) =>
              when.is.includes(String(getFieldValue(when.field))) ? item : null
            }
          </Form.Item>
        );
      })}
      {FormSection && <FormSection row={existing} />}
      {footer && (
        <div style={FOOTER}>
          <Space>
            <Button onClick={onCancel}>{cancelText ?? t('translation:kit.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('translation:kit.save')}
            </Button>
          </Space>
        </div>
      )}
    </Form>
  );
}
