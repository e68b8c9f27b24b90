import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldEntries, isNumberKind, type ResourceDef, rangeParam } from '../../shared/resource';
import { request } from '../api/request';
import { areaNamespaces, dynamicKey } from '../i18n/keys';
import type { ListFilter } from './list-state';
import { type TreeRow, treePaths } from './tree-paths';

/**
 * A resource list's filters: the keyword, the variant on the screen over every value (`allOf`),
 * and each field's `filter` (a reference's offering the titles of the rows it may point at).
 */
export function useResourceFilters(
  resource: ResourceDef,
  allOf: string | null,
  variantLabel: (value: unknown) => string,
) {
  const { t } = useTranslation(areaNamespaces(resource.name));
  const fields = useMemo(() => fieldEntries(resource), [resource]);
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
          request<{ items: TreeRow[] }>(
            `/admin/${f.kind === 'parent' ? resource.name : f.to}/options`,
            {},
          ).then((answer) => {
            // A tree's rows read by their paths (服装 / 男装), in the tree's order.
            const paths = treePaths(answer.items);
            return answer.items.map((o) => ({ id: o.id, title: paths.get(o.id) ?? o.title }));
          }),
        ),
      ),
    enabled: referenceFilters.length > 0,
    staleTime: 30_000,
  });

  return useMemo<ListFilter[]>(() => {
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
        label: t(dynamicKey(`fields.${allOf}`)),
        options: (resource.variants?.screens ?? []).map((s) => ({
          value: s.value,
          label: variantLabel(s.value),
        })),
      });
    for (const [key, f] of fields) {
      const label: string = t(dynamicKey(`fields.${key}`));
      if (f.filter === 'select' && f.kind === 'enum')
        list.push({
          type: 'select',
          name: key,
          label,
          options: (f.values ?? []).map((v) => ({
            value: v,
            label: t(dynamicKey(`enums.${key}.${v}`)),
          })),
        });
      if (f.filter === 'select' && f.kind === 'boolean')
        list.push({
          type: 'select',
          name: key,
          label,
          options: [true, false].map((v) => ({
            value: v,
            label: t(dynamicKey(`enums.${key}.${v}`), {
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
}
