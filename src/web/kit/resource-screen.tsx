import { DownOutlined, MoreOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Grid, Popover, Space, Tag } from 'antd';
import {
  type CSSProperties,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseTime } from '../../shared/format';
import { DEFAULT_PAGE_SIZE } from '../../shared/paging';
import {
  type FieldDef,
  fieldEntries,
  has,
  importKeyPermission,
  inList,
  isNumberKind,
  type ResourceDef,
  rangeParam,
  transitionField,
  variantRoute,
} from '../../shared/resource';
import { request } from '../api/request';
import { routeTitle } from '../i18n';
import { useCan } from '../stores/session';
import { useAppNavigate, useViewSearchParams, ViewLink } from './cached-view';
import { FormDrawer } from './form-drawer';
import { LinkText } from './link-text';
import { type ListColumn, ListScreen, type RowMove } from './list-screen';
import type { ListFilter } from './list-state';
import {
  affectedLists,
  formName,
  formPartOf,
  type ResourceOverrides,
  type ResourceRow as Row,
  shownValue,
} from './resource-overrides';
import { Thumbnail } from './thumbnail';
import { ViewDrawer } from './view-drawer';

export type { ResourceOverrides } from './resource-overrides';

// The form (and its pickers and editor) and the detail load when a drawer first opens, not with
// the list.
const ResourceForm = lazy(() => import('./resource-form'));
const ResourceDetail = lazy(() => import('./resource-detail'));

/** A title cell: one line, cut with an ellipsis past 320 px and named in full by its title. */
/** The actions column on a phone: one button that opens them. */
const PHONE_ACTIONS_WIDTH = 64;

const TITLE_STYLE: CSSProperties = {
  display: 'inline-block',
  maxWidth: 320,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
};

const time = (v: unknown) => (v ? parseTime(v as string, '{y}-{m}-{d} {h}:{i}') : '—');

/** How a field's value reads in a cell or the detail drawer. */
export function useDisplay(resource: ResourceDef) {
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
        case 'references':
          // The titles of the rows it points at (`labels`): titles may repeat, so keyed by place.
          return (value as string[]).length === 0
            ? '—'
            : (value as string[]).map((title, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered.
                <Tag key={i}>{title}</Tag>
              ));
        case 'image':
          return <Thumbnail src={value as string} width={48} height={48} />;
        case 'images':
          return (value as string[]).map((src) => (
            <Thumbnail key={src} src={src} width={48} height={48} />
          ));
        case 'link': {
          const [link, title] = value as [string, string | null];
          return <LinkText link={link} title={title} />;
        }
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

/**
 * The screen of a resource, derived from its definition: the list with its columns, filters,
 * sort, bulk delete and export; the add/edit form in a drawer (or on the resource's own page);
 * the detail drawer. `overrides` change a cell, a form control or add a section, by field. A
 * variant resource's screen is told its value by the route (`variant`).
 */
export function ResourceScreen({
  resource,
  overrides = {},
  variant,
}: {
  resource: ResourceDef;
  overrides?: ResourceOverrides;
  variant?: number;
}) {
  const { t } = useTranslation(resource.name);
  const navigate = useAppNavigate();
  const display = useDisplay(resource);
  const [viewing, setViewing] = useState<Row | null>(null);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  // The area's form part loads beside the kit's form, not after it.
  useEffect(() => {
    if (editing) void formPartOf(overrides);
  }, [editing, overrides]);
  const [saving, setSaving] = useState(false);
  const fields = useMemo(() => fieldEntries(resource), [resource]);
  const canEdit = has(resource, 'update');
  // Below antd's `sm` (576 px): the `wide` columns leave too.
  const phone = Grid.useBreakpoint().sm === false;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const endpoint = `/admin/${resource.name}`;
  const transitions = useMemo(() => Object.entries(resource.transitions ?? {}), [resource]);
  /** Moves rows by a transition (publish, ship…), then says so and reloads the list. */
  const move = useCallback(
    async (name: string, ids: readonly unknown[]) => {
      const done = await request<{ changed: number }>(`${endpoint}/${name}`, {
        ...(resource.variants ? { [resource.variants.field]: variant } : {}),
        ids,
      });
      void message.success(
        t('translation:kit.moved', { action: t(`transitions.${name}`), count: done.changed }),
      );
      await Promise.all(
        affectedLists(resource).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    [endpoint, resource, variant, message, t, queryClient],
  );
  /**
   * Moves rows by a transition, asking first where it says so: the question names the row (or
   * how many) and the action, and the status they come to. Resolves once done or declined.
   */
  const ask = useCallback(
    (name: string, ids: readonly unknown[], title?: unknown) => {
      const def = resource.transitions![name]!;
      if (!def.confirm) return move(name, ids);
      const action = t(`transitions.${name}`);
      return new Promise<void>((resolve) => {
        modal.confirm({
          title:
            title === undefined
              ? t('translation:kit.moveMany', { action, count: ids.length })
              : t('translation:kit.moveOne', { action, title: String(title) }),
          content: t('translation:kit.moveTo', {
            status: t(`enums.${transitionField(def)}.${def.to}`),
          }),
          okText: action,
          cancelText: t('translation:kit.cancel'),
          onOk: () => move(name, ids).then(resolve, () => resolve()),
          onCancel: () => resolve(),
        });
      });
    },
    [resource, move, modal, t],
  );
  const route = variantRoute(resource, variant) ?? resource.route;
  /** The variant field, when this is the screen over every value (its rows show the field). */
  const allOf = resource.variants?.all && variant === undefined ? resource.variants.field : null;
  const fixed = useMemo(
    () => (resource.variants && !allOf ? { [resource.variants.field]: variant } : undefined),
    [resource, variant, allOf],
  );
  /** A variant value's name: the area's own word for it, else its screen's title. */
  const variantLabel = useCallback(
    (value: unknown) => {
      const screen = resource.variants?.screens.find((s) => s.value === Number(value));
      return screen
        ? t(`variants.${screen.value}`, { defaultValue: routeTitle(`route.${screen.route}`) })
        : String(value ?? '');
    },
    [resource, t],
  );
  /** The add/edit page's path, when the resource has one (for the row's value, on the all screen). */
  const pagePath = useCallback(
    (id?: number, value: unknown = variant) => {
      const page = resource.page?.route;
      if (!page) return undefined;
      const base = resource.variants ? `/${page}/${value}` : `/${page}`;
      return id ? `${base}?id=${id}` : base;
    },
    [resource, variant],
  );
  const rowPath = useCallback(
    (row: Row) => pagePath(row.id, allOf ? row[allOf] : variant),
    [pagePath, allOf, variant],
  );
  const edit = useCallback(
    (row: Row | 'new') => {
      const path = row === 'new' ? pagePath() : rowPath(row);
      if (path) navigate(path);
      else setEditing(row);
    },
    [navigate, pagePath, rowPath],
  );

  /** A row's name: the area's cell for its title field when that gives a text (a job's name in the UI's language). */
  const titleOf = useCallback(
    (row: Row) => {
      const value = row[resource.titleField];
      const shown = overrides.cells?.[resource.titleField]?.(value, row);
      return typeof shown === 'string' ? shown : String(value);
    },
    [overrides, resource],
  );

  const columns = useMemo<ListColumn<Row>[]>(() => {
    const cellOf = (key: string, f: FieldDef) => (value: unknown, row: Row) =>
      overrides.cells?.[key]?.(value, row) ?? display(key, f, shownValue(key, f, row));
    // On a phone: the title, the first choice (a status, a gender) and the actions.
    const phoneFields = overrides.phoneColumns ?? [
      fields.find(([key, f]) => inList(f) && f.kind === 'enum' && key)?.[0],
    ];
    const list = fields
      // A screen of one variant value leaves its field out; the screen over every value names it.
      .filter(([key, f]) => (key === allOf ? true : inList(f) && key !== resource.variants?.field))
      .map(([key, f]): ListColumn<Row> => {
        if (key === allOf)
          return {
            key,
            title: t(`fields.${key}`),
            dataIndex: key,
            width: 140,
            sortKey: f.sortable ? key : undefined,
            render: (value: unknown) => variantLabel(value),
          };
        const width = typeof f.list === 'number' ? f.list : undefined;
        const title = t(`fields.${key}`);
        if (key === resource.titleField)
          return {
            key,
            title,
            dataIndex: key,
            sortKey: f.sortable ? key : undefined,
            locked: true,
            render: (_value: unknown, row: Row) => {
              const text = titleOf(row);
              const path = rowPath(row);
              // Cut with CSS and named in full by the title attribute: nothing measures the rows.
              return path ? (
                <ViewLink to={path} title={text} style={{ ...TITLE_STYLE, fontWeight: 600 }}>
                  {text}
                </ViewLink>
              ) : (
                <Button
                  type="link"
                  title={text}
                  style={{ ...TITLE_STYLE, padding: 0 }}
                  onClick={() => setViewing(row)}
                >
                  {text}
                </Button>
              );
            },
          };
        return {
          key,
          title,
          dataIndex: key,
          width,
          wide: !phoneFields.includes(key),
          sortKey: f.sortable ? key : undefined,
          align: f.kind === 'money' || f.kind === 'integer' ? 'right' : undefined,
          render: cellOf(key, f),
        };
      });
    const page = !!resource.page;
    const RowActions = overrides.rowActions?.render;
    list.push({
      key: 'actions',
      title: t('translation:kit.actions'),
      // On a phone a row's actions open from one button: pinned at their desktop width they
      // would cover the title.
      width: phone
        ? PHONE_ACTIONS_WIDTH
        : (page ? 50 : 110) +
          40 * transitions.length +
          (page ? 40 : 0) +
          (overrides.rowActions?.width ?? 0),
      locked: true,
      fixed: 'right',
      render: (_: unknown, row: Row) => {
        const actions = (
          <Space vertical={phone} size={phone ? 0 : undefined} align={phone ? 'start' : undefined}>
            {!page && (
              <Button type="link" style={{ padding: 0 }} onClick={() => setViewing(row)}>
                {t('translation:kit.detail')}
              </Button>
            )}
            {transitions
              .filter(
                ([name, def]) =>
                  def.from.includes(row[transitionField(def)] as string) &&
                  (overrides.offers?.(name, row) ?? true),
              )
              .map(([name]) => (
                <Button
                  key={name}
                  type="link"
                  style={{ padding: 0 }}
                  onClick={() => void ask(name, [row.id], row[resource.titleField]).catch(() => {})}
                >
                  {t(`transitions.${name}`)}
                </Button>
              ))}
            {RowActions && <RowActions row={row} />}
            {canEdit &&
              (overrides.editable?.(row) ?? true) &&
              (page ? (
                <ViewLink to={rowPath(row)!}>{t('translation:kit.edit')}</ViewLink>
              ) : (
                <Button type="link" style={{ padding: 0 }} onClick={() => setEditing(row)}>
                  {t('translation:kit.edit')}
                </Button>
              ))}
          </Space>
        );
        return phone ? (
          <PhoneActions label={t('translation:kit.actions')}>{actions}</PhoneActions>
        ) : (
          actions
        );
      },
    });
    return list;
  }, [
    t,
    fields,
    overrides,
    display,
    resource,
    canEdit,
    rowPath,
    transitions,
    ask,
    phone,
    titleOf,
    allOf,
    variantLabel,
  ]);

  // A reference filter offers the titles of the rows it may point at.
  const referenceFilters = useMemo(
    () =>
      fields.filter(
        ([, f]) => f.filter === 'select' && (f.kind === 'reference' || f.kind === 'parent'),
      ),
    [fields],
  );
  // One query for them all (useQueries would add TanStack's QueriesObserver to every list).
  const { data: referenceItems } = useQuery({
    queryKey: [`/admin/${resource.name}`, 'filter-options'],
    queryFn: () =>
      Promise.all(
        referenceFilters.map(([, f]) =>
          request<{ items: { id: number; title: string }[] }>(
            `/admin/${f.kind === 'parent' ? resource.name : f.to}/options`,
            {},
          ).then((answer) => answer.items),
        ),
      ),
    enabled: referenceFilters.length > 0,
    staleTime: 30_000,
  });

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
    if (allOf)
      list.push({
        type: 'select',
        name: allOf,
        label: t(`fields.${allOf}`),
        options: (resource.variants?.screens ?? []).map((s) => ({
          value: s.value,
          label: variantLabel(s.value),
        })),
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
      const pointing = referenceFilters.findIndex(([k]) => k === key);
      if (pointing >= 0)
        list.push({
          type: 'select',
          name: key,
          label,
          options: (referenceItems?.[pointing] ?? []).map((o) => ({ value: o.id, label: o.title })),
        });
      if (f.filter === 'tag')
        list.push({ type: 'text', name: key, label, width: 120, maxLength: f.itemMax ?? 20 });
      if (f.filter === 'exact')
        list.push({ type: 'text', name: key, label, width: 140, maxLength: f.max ?? 64 });
      if (f.filter === 'range')
        list.push({
          type: isNumberKind(f.kind) ? 'numberRange' : 'dateRange',
          name: rangeParam(key),
          label,
        });
    }
    return list;
  }, [t, fields, resource, referenceFilters, referenceItems, allOf, variantLabel]);

  // Drag order (the `order` action): a row dropped among the page's rows takes that place among
  // all of them (the page's offset added), when the list shows them in their order.
  const [search] = useViewSearchParams();
  const ordered =
    has(resource, 'order') &&
    !allOf &&
    (search.get('sort') ?? resource.defaultSort) === resource.orderField &&
    (search.get('order') ?? resource.defaultOrder) === 'asc';
  const onMove = useCallback(
    async ({ key, order }: RowMove) => {
      const page = Number(search.get('page')) || 1;
      const size = Number(search.get('pageSize')) || DEFAULT_PAGE_SIZE;
      await request(`${endpoint}/move`, {
        ...(resource.variants ? { [resource.variants.field]: variant } : {}),
        id: key,
        index: (page - 1) * size + order.indexOf(key),
      }).catch(() => {});
      await queryClient.invalidateQueries({ queryKey: [endpoint] });
    },
    [search, endpoint, resource, variant, queryClient],
  );
  const table = useMemo(() => (ordered ? { onMove } : undefined), [ordered, onMove]);

  const Toolbar = overrides.toolbar;
  const Bulk = overrides.bulk;
  // An importable area's file import is the data helper's, opened with the area chosen; one that
  // finds rows by a masked field needs the permission to see it.
  const mayImportKey = useCan(importKeyPermission(resource) ?? 'data-helper');
  const mayImport = useCan('data-helper') && has(resource, 'import') && mayImportKey;
  return (
    <>
      <ListScreen<Row>
        id={variant === undefined ? resource.name : `${resource.name}-${variant}`}
        title={routeTitle(`route.${route}`)}
        endpoint={`/admin/${resource.name}`}
        fixed={fixed}
        columns={columns}
        filters={filters}
        defaultSort={resource.defaultSort}
        defaultOrder={resource.defaultOrder}
        canDelete={has(resource, 'delete')}
        canExport={has(resource, 'export')}
        bulkExtra={Bulk && ((ids, clear) => <Bulk ids={ids} onDone={clear} />)}
        table={table}
        bulkActions={transitions.map(([name]) => ({
          key: name,
          label: t(`transitions.${name}`),
          run: (ids) => ask(name, ids),
        }))}
        toolbar={
          <>
            {Toolbar && <Toolbar />}
            {mayImport && (
              <Button
                icon={<UploadOutlined />}
                onClick={() =>
                  navigate(
                    `/data-helper?kind=${resource.name}${variant === undefined ? '' : `&variant=${variant}`}`,
                  )
                }
              >
                {t('translation:kit.import')}
              </Button>
            )}
            {has(resource, 'create') &&
              (allOf ? (
                // Added for one value: which, chosen from the button's menu.
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: (resource.variants?.screens ?? []).map((s) => ({
                      key: String(s.value),
                      label: variantLabel(s.value),
                    })),
                    onClick: ({ key }) => {
                      const path = pagePath(undefined, key);
                      if (path) navigate(path);
                    },
                  }}
                >
                  <Button type="primary" icon={<PlusOutlined />}>
                    {t('new')} <DownOutlined />
                  </Button>
                </Dropdown>
              ) : (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => edit('new')}>
                  {t('new')}
                </Button>
              ))}
          </>
        }
      />
      <ViewDrawer
        open={!!viewing}
        onClose={() => setViewing(null)}
        size={480}
        title={viewing ? titleOf(viewing) : undefined}
      >
        {viewing && (
          <Suspense fallback={null}>
            <ResourceDetail
              resource={resource}
              overrides={overrides}
              row={viewing}
              display={display}
            />
          </Suspense>
        )}
      </ViewDrawer>
      <FormDrawer
        open={!!editing}
        onClose={() => setEditing(null)}
        size={480}
        destroyOnHidden
        title={editing === 'new' ? t('new') : t('edit')}
        formName={formName(resource, editing && editing !== 'new' ? editing.id : undefined)}
        saving={saving}
      >
        {editing && (
          <Suspense fallback={null}>
            <ResourceForm
              resource={resource}
              overrides={overrides}
              editing={editing}
              fixed={fixed}
              footer={false}
              onSaving={setSaving}
              onSaved={() => setEditing(null)}
              onCancel={() => setEditing(null)}
            />
          </Suspense>
        )}
      </FormDrawer>
    </>
  );
}

/** The screen components of a resource, for the route table: its list, and its add/edit page. */
export function screenOf(resource: ResourceDef, overrides?: ResourceOverrides) {
  const field = resource.variants?.field;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per resource, when its chunk loads.
  function Screen(props: Record<string, unknown>) {
    // No value: the screen over every value.
    const variant = field && props[field] !== undefined ? Number(props[field]) : undefined;
    return <ResourceScreen resource={resource} overrides={overrides} variant={variant} />;
  }
  Screen.displayName = `ResourceScreen(${resource.name})`;
  return Screen;
}

/** A row's actions on a phone: a button that opens them one per line, closed by the one chosen. */
function PhoneActions({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      content={
        // Closes once a chosen action has had its click (a drawer or a dialog it opens stays).
        <div onClickCapture={() => setTimeout(() => setOpen(false))}>{children}</div>
      }
    >
      <Button type="text" icon={<MoreOutlined />} aria-label={label} />
    </Popover>
  );
}
