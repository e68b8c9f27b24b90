import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Divider,
  Form,
  Input,
  InputNumber,
  type InputRef,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ATTRIBUTES_MAX,
  combinations,
  optionsLabel,
  type VariantsResult,
} from '../../../shared/goods';
import { ApiError, request } from '../../api/request';
import type { FormOverrides, ResourceRow } from '../../kit/resource-overrides';
import { SkuRuleBar } from './sku-rule-bar';
import { VariantImage } from './variant-image';

type Attribute = { name: string; values: string[] };
type Row = {
  key: string;
  options: Record<string, string>;
  sellerSku: string;
  upc: string;
  cost: string;
  price: string;
  stock: number;
  weight: number;
  image: string;
};
type Fill = Partial<Pick<Row, 'cost' | 'price' | 'stock' | 'weight'>>;

const keyOf = (options: Record<string, string>) =>
  JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : 1)));

const blank = (options: Record<string, string>): Row => ({
  key: keyOf(options),
  options,
  sellerSku: '',
  upc: '',
  cost: '0.00',
  price: '0.00',
  stock: 0,
  weight: 0,
  image: '',
});

/** Says the grid has changes the goods' 保存 will save (takes, and ignores, Form.Item's value). */
function GridNote({ dirty }: { dirty: boolean; value?: unknown; onChange?: unknown }) {
  const { t } = useTranslation('goods');
  return dirty ? <Alert type="warning" showIcon title={t('variants.dirty')} /> : null;
}

/** A grid as one string, to tell whether it changed since it was loaded or saved. */
const snapshot = (a: Attribute[], r: Row[]) =>
  JSON.stringify([a, r.map(({ key: _k, id: _i, ...v }: Row & { id?: number }) => v)]);

/** What a refused save says: the first field's message, else the error's. */
const reasonOf = (error: unknown) =>
  (error instanceof ApiError
    ? (error.data as { fields?: { message: string }[] } | null)?.fields?.[0]?.message
    : undefined) ?? (error as Error).message;

// Enter in a cell must not save the goods' form around the grid.
const keepEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT')
    event.preventDefault();
};

/**
 * The goods' variants on its page: attributes (colour, size…) make the grid of every combination;
 * each row has its seller SKU, UPC/EAN from the pool, cost, price, stock and weight, and a column
 * can be filled for every row at once. Saved on its own, after the goods exists.
 */
function Variants({ row }: { row: ResourceRow | null }) {
  const { t } = useTranslation(['goods', 'translation']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const id = row?.id;
  const saved = useQuery({
    queryKey: ['/admin/goods', 'variants', id],
    queryFn: () => request<VariantsResult>('/admin/goods/variants', { goodsId: id }),
    enabled: !!id,
  });
  // The goods' images as the form holds them now (a picture just added is offered at once).
  const goodsImages = (Form.useWatch<string[] | undefined>('images') ??
    (row?.images as string[] | undefined) ??
    []) as string[];
  const [attributes, setAttributes] = useState<Attribute[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [fill, setFill] = useState<Fill>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The grid as last loaded or saved: the goods' 保存 saves the grid too when it differs.
  const baseline = useRef('');
  useEffect(() => {
    if (!saved.data) return;
    const loaded =
      saved.data.variants.length > 0
        ? saved.data.variants.map((v) => ({ ...v, key: keyOf(v.options) }))
        : [blank({})];
    baseline.current = snapshot(saved.data.attributes, loaded);
    setAttributes(saved.data.attributes);
    setRows(loaded);
  }, [saved.data]);
  const dirty = saved.isSuccess && snapshot(attributes, rows) !== baseline.current;

  const save = useMutation({
    // The grid as shown, or as the pool's 分配 just filled it in.
    mutationFn: (grid: Row[] = rows) =>
      request<{ variants: number }>(
        '/admin/goods/variants/save',
        {
          goodsId: id,
          attributes,
          variants: grid.map(({ key: _k, id: _i, ...v }: Row & { id?: number }) => v),
        },
        { silent: true },
      ).then((done) => ({ done, grid })),
    onSuccess: ({ grid }) => {
      baseline.current = snapshot(attributes, grid);
      setErrors({});
      void message.success(t('variants.saved'));
      void queryClient.invalidateQueries({ queryKey: ['/admin/goods'] });
    },
    onError: (error) => {
      const fields =
        error instanceof ApiError
          ? ((error.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [])
          : [];
      // (The server says them in the UI's language.)
      setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
      void message.error(reasonOf(error));
    },
  });

  /** The grid made again from the attributes: rows that stay keep what was typed in them. */
  function regenerate() {
    const usable = attributes.filter((a) => a.name.trim() && a.values.length > 0);
    const kept = new Map(rows.map((r) => [r.key, r]));
    setAttributes(usable);
    setRows(combinations(usable).map((options) => kept.get(keyOf(options)) ?? blank(options)));
    setErrors({});
  }
  /**
   * Codes from the pool in one click: for one row, or every row without one; the grid is saved at
   * once, so the codes are the variants' (assigned) as soon as the pool gave them.
   */
  const assign = useMutation({
    mutationFn: async (index: number | 'all') => {
      const wanting = index === 'all' ? rows.flatMap((r, i) => (r.upc ? [] : [i])) : [index];
      if (wanting.length === 0) throw new Error(t('variants.allCoded'));
      const { codes, unused } = await request<{ codes: string[]; unused: number }>(
        '/admin/goods-upc/unused',
        { count: wanting.length, exclude: rows.map((r) => r.upc).filter(Boolean) },
      );
      if (codes.length < wanting.length)
        throw new Error(t('variants.poolShort', { wanted: wanting.length, unused }));
      const grid = rows.map((r, i) =>
        wanting.includes(i) ? { ...r, upc: codes[wanting.indexOf(i)]! } : r,
      );
      setRows(grid);
      return save.mutateAsync(grid);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) void message.error((error as Error).message);
    },
  });
  const change = (index: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const errorAt = (index: number, field: string) => errors[`variants.${index}.${field}`];

  const columns = ((): TableColumnsType<Row> => {
    const cell = (field: 'sellerSku' | 'upc', width: number, maxLength: number) => ({
      title: t(`variants.${field}`),
      dataIndex: field,
      width,
      render: (value: string, _: Row, index: number) => (
        <Input
          value={value}
          maxLength={maxLength}
          status={errorAt(index, field) ? 'error' : undefined}
          title={errorAt(index, field)}
          aria-label={`${t(`variants.${field}`)} ${index + 1}`}
          onChange={(e) => change(index, { [field]: e.target.value })}
        />
      ),
    });
    const number = (field: 'cost' | 'price' | 'stock' | 'weight', width: number) => ({
      title: t(`variants.${field}`),
      dataIndex: field,
      width,
      render: (value: string | number, _: Row, index: number) => (
        <InputNumber
          value={value}
          min={0}
          stringMode={field === 'cost' || field === 'price'}
          precision={field === 'cost' || field === 'price' ? 2 : 0}
          status={errorAt(index, field) ? 'error' : undefined}
          aria-label={`${t(`variants.${field}`)} ${index + 1}`}
          style={{ width: '100%' }}
          onChange={(v) =>
            change(index, {
              [field]: field === 'cost' || field === 'price' ? String(v ?? '0') : Number(v ?? 0),
            })
          }
        />
      ),
    });
    return [
      {
        title: t('variants.options'),
        key: 'options',
        width: 140,
        fixed: 'left',
        render: (_: unknown, r: Row) =>
          attributes.length > 0 ? (
            <Tag>{optionsLabel(r.options, attributes)}</Tag>
          ) : (
            t('variants.single')
          ),
      },
      {
        title: t('variants.image'),
        dataIndex: 'image',
        width: 64,
        render: (value: string, _: Row, index: number) => (
          <VariantImage
            value={value}
            goodsImages={goodsImages}
            label={`${t('variants.image')} ${index + 1}`}
            onChange={(image) => change(index, { image })}
          />
        ),
      },
      cell('sellerSku', 180, 40),
      {
        ...cell('upc', 160, 13),
        width: 230,
        render: (value: string, _: Row, index: number) => (
          <Space.Compact style={{ width: '100%' }}>
            <Input
              value={value}
              maxLength={13}
              status={errorAt(index, 'upc') ? 'error' : undefined}
              title={errorAt(index, 'upc')}
              aria-label={`${t('variants.upc')} ${index + 1}`}
              onChange={(e) => change(index, { upc: e.target.value })}
            />
            {!value && (
              <Button
                loading={assign.isPending && assign.variables === index}
                aria-label={`${t('variants.assign')} ${index + 1}`}
                onClick={() => assign.mutate(index)}
              >
                {t('variants.assign')}
              </Button>
            )}
          </Space.Compact>
        ),
      },
      number('cost', 120),
      number('price', 120),
      number('stock', 100),
      number('weight', 110),
    ];
  })();

  if (!id)
    return (
      <>
        <Divider titlePlacement="start">{t('variants.title')}</Divider>
        <Alert type="info" showIcon title={t('variants.saveFirst')} style={{ marginBottom: 24 }} />
      </>
    );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps Enter from submitting the form.
    <div onKeyDown={keepEnter}>
      <Divider titlePlacement="start">{t('variants.title')}</Divider>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {attributes.map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: controlled inputs edited in place by position.
          <Space key={i} wrap>
            <Input
              value={a.name}
              placeholder={t('variants.attributeName')}
              aria-label={`${t('variants.attributeName')} ${i + 1}`}
              maxLength={20}
              style={{ width: 180 }}
              onChange={(e) =>
                setAttributes((all) =>
                  all.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)),
                )
              }
            />
            <Select
              mode="tags"
              open={false}
              value={a.values}
              placeholder={t('variants.attributeValues')}
              aria-label={`${t('variants.attributeValues')} ${i + 1}`}
              tokenSeparators={[',', '，']}
              style={{ minWidth: 320 }}
              onChange={(values: string[]) =>
                setAttributes((all) => all.map((x, j) => (j === i ? { ...x, values } : x)))
              }
            />
            <Button
              icon={<DeleteOutlined />}
              aria-label={`${t('translation:kit.delete')} ${a.name}`}
              onClick={() => setAttributes((all) => all.filter((_, j) => j !== i))}
            />
          </Space>
        ))}
        <Space wrap>
          {attributes.length < ATTRIBUTES_MAX && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => setAttributes((all) => [...all, { name: '', values: [] }])}
            >
              {t('variants.addAttribute')}
            </Button>
          )}
          <Button onClick={regenerate}>{t('variants.generate')}</Button>
          <Button
            loading={assign.isPending && assign.variables === 'all'}
            onClick={() => assign.mutate('all')}
          >
            {t('variants.assignAll')}
          </Button>
        </Space>
        <SkuRuleBar
          goodsId={id}
          attributeNames={attributes.map((a) => a.name)}
          rows={rows}
          onRows={setRows}
          onErrors={setErrors}
        />
        <Space wrap title={t('variants.fillHint')}>
          {(['cost', 'price', 'stock', 'weight'] as const).map((field) => (
            <InputNumber
              key={field}
              min={0}
              stringMode={field === 'cost' || field === 'price'}
              precision={field === 'cost' || field === 'price' ? 2 : 0}
              placeholder={t(`variants.${field}`)}
              aria-label={`${t('variants.fillAll')} ${t(`variants.${field}`)}`}
              value={fill[field] ?? null}
              style={{ width: 130 }}
              onChange={(v) => setFill((f) => ({ ...f, [field]: v ?? undefined }))}
            />
          ))}
          <Button
            onClick={() =>
              setRows((all) =>
                all.map((r) => ({
                  ...r,
                  ...Object.fromEntries(
                    Object.entries(fill)
                      .filter(([, v]) => v !== undefined && v !== null && v !== '')
                      .map(([k, v]) => [k, k === 'cost' || k === 'price' ? String(v) : Number(v)]),
                  ),
                })),
              )
            }
          >
            {t('variants.fillAll')}
          </Button>
        </Space>
        <Table<Row>
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={saved.isFetching}
          pagination={false}
          scroll={{ x: 1064 }}
        />
        {Object.keys(errors).length > 0 && (
          <Alert
            type="error"
            showIcon
            title={Object.entries(errors)
              .map(([path, text]) => {
                const at = /^variants\.(\d+)\./.exec(path);
                const r = at ? rows[Number(at[1])] : undefined;
                return r
                  ? `${optionsLabel(r.options, attributes) || t('variants.single')}：${text}`
                  : text;
              })
              .join('；')}
          />
        )}
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate(rows)}>
          {t('variants.save')}
        </Button>
        {/* The goods' 保存 saves a grid typed but not saved first, or refuses with the reason:
            a typed grid is never dropped while the goods says 已保存. (Not a goods field: the
            update call leaves it out.) */}
        <Form.Item
          name="variantGrid"
          style={{ marginBottom: 0 }}
          rules={[
            {
              validator: async () => {
                if (!dirty) return;
                try {
                  await save.mutateAsync(rows);
                } catch (error) {
                  throw new Error(t('variants.unsaved', { reason: reasonOf(error) }));
                }
              },
            },
          ]}
        >
          <GridNote dirty={dirty} />
        </Form.Item>
      </Space>
      <Divider />
    </div>
  );
}

/** Most bullet points a goods has, and characters in one (the resource's tags field says so). */
const BULLETS_MAX = 5;
const BULLET_MAX = 500;

/**
 * The five bullet points, one line each: a comma inside a sentence ("最多 5 个标签，可叠加") stays
 * in its bullet (a tags control would have split it in two).
 */
function BulletPoints({
  value,
  onChange,
  id,
}: {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}) {
  const { t } = useTranslation('goods');
  const bullets = Array.isArray(value) ? (value as string[]) : [];
  // Always a line to type in; Enter goes on to a new line, never submits the goods' form.
  const shown = bullets.length > 0 ? bullets : [''];
  const set = (next: string[]) => onChange?.(next.length === 1 && !next[0] ? [] : next);
  const inputs = useRef<(InputRef | null)[]>([]);
  const [focus, setFocus] = useState<number | null>(null);
  useEffect(() => {
    if (focus === null) return;
    inputs.current[focus]?.focus();
    setFocus(null);
  }, [focus]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {shown.map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: controlled inputs edited in place by position.
        <Space.Compact key={i} style={{ width: '100%' }}>
          <Input
            id={i === 0 ? id : undefined}
            ref={(el) => {
              inputs.current[i] = el;
            }}
            value={text}
            maxLength={BULLET_MAX}
            aria-label={i === 0 ? t('fields.bulletPoints') : t('bullets.item', { n: i + 1 })}
            onChange={(e) => set(shown.map((b, j) => (j === i ? e.target.value : b)))}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              if (text.trim() && shown.length < BULLETS_MAX) {
                set([...shown.slice(0, i + 1), '', ...shown.slice(i + 1)]);
                setFocus(i + 1);
              }
            }}
            onBlur={() => {
              if (!text.trim() && shown.length > 1) set(shown.filter((_, j) => j !== i));
            }}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('bullets.remove', { n: i + 1 })}
            onClick={() => set(shown.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      {shown.length < BULLETS_MAX && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => {
            set([...shown, '']);
            setFocus(shown.length);
          }}
        >
          {t('bullets.add')}
        </Button>
      )}
    </Space>
  );
}

/** /goods-store: the bullet points one per line, and the variant grid under the goods' fields. */
export default {
  fields: { bulletPoints: BulletPoints },
  sections: { form: Variants },
} satisfies FormOverrides;
