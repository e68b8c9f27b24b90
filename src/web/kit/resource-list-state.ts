import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '../../shared/paging';
import { has, type ResourceDef, transitionField, variantRoute } from '../../shared/resource';
import { request } from '../api/request';
import { areaNamespaces, dynamicKey, routeTitle } from '../i18n';
import { useAppNavigate, useViewSearchParams } from './cached-view';
import type { RowMove } from './list-screen';
import {
  affectedLists,
  formPartOf,
  type ResourceOverrides,
  type ResourceRow as Row,
} from './resource-overrides';

/**
 * The state of a resource's list screen: the row being viewed or edited, the variant it shows,
 * the paths of its add/edit page, its transitions (asked, run, said) and its drag order. The
 * columns (resource-columns.tsx), the row actions (resource-row-actions.tsx) and the filters
 * (resource-filters.ts) read it; resource-screen.tsx puts them together.
 */
export function useResourceListState(
  resource: ResourceDef,
  overrides: ResourceOverrides,
  variant: number | undefined,
) {
  const { t } = useTranslation(areaNamespaces(resource.name));
  const navigate = useAppNavigate();
  const [viewing, setViewing] = useState<Row | null>(null);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  // The area's form part loads beside the kit's form, not after it.
  useEffect(() => {
    if (editing) void formPartOf(overrides);
  }, [editing, overrides]);
  const [saving, setSaving] = useState(false);
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
        t('translation:kit.moved', {
          action: t(dynamicKey(`transitions.${name}`)),
          count: done.changed,
        }),
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
      const action: string = t(dynamicKey(`transitions.${name}`));
      return new Promise<void>((resolve) => {
        modal.confirm({
          title:
            title === undefined
              ? t('translation:kit.moveMany', { action, count: ids.length })
              : t('translation:kit.moveOne', { action, title: String(title) }),
          content: t('translation:kit.moveTo', {
            status: t(dynamicKey(`enums.${transitionField(def)}.${def.to}`)),
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
        ? t(dynamicKey(`variants.${screen.value}`), {
            defaultValue: routeTitle(`route.${screen.route}`),
          })
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
  /** Opens a row (or a new one) for editing: on the area's page, else in the drawer. */
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

  /** What the columns and the row actions use: stable while the list shows the same rows. */
  const rows = useMemo(
    () => ({ transitions, ask, allOf, variantLabel, rowPath, titleOf, setViewing, setEditing }),
    [transitions, ask, allOf, variantLabel, rowPath, titleOf],
  );
  return {
    viewing,
    setViewing,
    editing,
    setEditing,
    saving,
    setSaving,
    rows,
    transitions,
    ask,
    route,
    allOf,
    fixed,
    variantLabel,
    pagePath,
    edit,
    titleOf,
    table,
  };
}

/** What a list's columns and row actions use of its state. */
export type ResourceRowHandlers = ReturnType<typeof useResourceListState>['rows'];
