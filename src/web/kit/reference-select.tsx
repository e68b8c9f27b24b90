import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, TreeSelect } from 'antd';
import { type CSSProperties, type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { parentField } from '../../shared/resource';
import { resources } from '../../shared/resources';
import { request } from '../api/request';
import { pathTree, type TreeRow } from './tree-paths';

type Option = TreeRow;

/** Whether `name` is a tree (a goods category): its picker is then a tree of paths. */
const isTree = (name: string) => {
  const resource = resources.find((r) => r.name === name);
  return !!resource && !!parentField(resource);
};

/**
 * A resource's rows a picker offers: its titles matching `keyword` (a tree: every row). While a
 * search runs the options stay as they were: a list emptied under the pointer loses the click.
 */
function useOptions(to: string, keyword = '') {
  return useQuery({
    queryKey: [`/admin/${to}`, 'options', keyword],
    queryFn: () => request<{ items: Option[] }>(`/admin/${to}/options`, keyword ? { keyword } : {}),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * Picks a row of another resource by searching its titles on the server (a listing's keyword
 * set, a broker). `label` is the chosen row's title as the edited row carries it, shown before any
 * search. A tree's row (a goods' category) is picked in its tree, each row read by its path.
 */
export function ReferenceSelect(props: {
  to: string;
  value?: number | null;
  onChange?(value: number | null): void;
  label?: string | null;
  id?: string;
  placeholder?: string;
  style?: CSSProperties;
  ariaLabel?: string;
}) {
  return isTree(props.to) ? (
    <TreePathSelect {...props} resource={props.to} />
  ) : (
    <PlainSelect {...props} />
  );
}

function PlainSelect({
  to,
  value,
  onChange,
  label,
  id,
  placeholder,
  style,
  ariaLabel,
}: {
  to: string;
  value?: number | null;
  onChange?(value: number | null): void;
  label?: string | null;
  id?: string;
  placeholder?: string;
  style?: CSSProperties;
  ariaLabel?: string;
}) {
  const [search, setSearch] = useState('');
  const keyword = useDeferredValue(search.trim());
  const { data, isFetching } = useOptions(to, keyword);
  const options = useMemo(() => {
    const found = (data?.items ?? []).map((o) => ({ value: o.id, label: o.title }));
    if (value != null && label && !found.some((o) => o.value === value))
      found.unshift({ value, label });
    return found;
  }, [data, value, label]);
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      loading={isFetching}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={options}
      placeholder={placeholder}
      style={style ?? { maxWidth: 360 }}
    />
  );
}

/**
 * Picks some rows of another resource by searching its titles on the server (a campaign's
 * categories or products). `labels` are the chosen rows' titles as the edited row carries them,
 * in the order of `value`, shown before any search.
 */
export function ReferencesSelect({
  to,
  value,
  onChange,
  labels,
  id,
  placeholder,
  max,
  ariaLabel,
}: {
  to: string;
  value?: number[] | null;
  onChange?(value: number[]): void;
  labels?: readonly string[] | null;
  id?: string;
  placeholder?: string;
  max?: number;
  ariaLabel?: string;
}) {
  const [search, setSearch] = useState('');
  const keyword = useDeferredValue(search.trim());
  const { data, isFetching } = useOptions(to, keyword);
  // The titles of the rows chosen (the edited row's, then each one picked), so that a chosen
  // row keeps its title whatever the current search offers.
  const [picked, setPicked] = useState(() => new Map<number, string>());
  const chosen = useMemo(() => {
    const ids = value ?? [];
    const given = labels?.length === ids.length ? labels : [];
    return ids.map((row, i) => ({ value: row, label: picked.get(row) ?? given[i] ?? String(row) }));
  }, [value, labels, picked]);
  const options = useMemo(
    () => (data?.items ?? []).map((o) => ({ value: o.id, label: o.title })),
    [data],
  );
  return (
    <Select
      id={id}
      mode="multiple"
      labelInValue
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      loading={isFetching}
      value={chosen}
      maxCount={max}
      onChange={(next: { value: number; label: ReactNode }[]) => {
        setPicked((titles) => {
          const more = new Map(titles);
          for (const o of next) if (typeof o.label === 'string') more.set(o.value, o.label);
          return more;
        });
        setSearch('');
        onChange?.(next.map((o) => o.value));
      }}
      options={options}
      placeholder={placeholder}
      style={{ maxWidth: 480 }}
    />
  );
}

/**
 * Picks a row's parent in its own tree: every row but itself and its sub-items (it cannot move
 * under them); empty is the top level.
 */
export function ParentSelect({
  resource,
  self,
  ...rest
}: {
  resource: string;
  self?: number;
  value?: number | null;
  onChange?(value: number | null): void;
  placeholder?: string;
  id?: string;
}) {
  return <TreePathSelect resource={resource} leaveOut={self} {...rest} />;
}

/**
 * A row of a tree, picked in the tree: typing finds rows by any part of their path (男装 finds
 * 服装 / 男装 and all under it), and the chosen row shows its whole path.
 */
function TreePathSelect({
  resource,
  leaveOut,
  value,
  onChange,
  placeholder,
  id,
  style,
  ariaLabel,
}: {
  resource: string;
  leaveOut?: number;
  value?: number | null;
  onChange?(value: number | null): void;
  placeholder?: string;
  id?: string;
  style?: CSSProperties;
  ariaLabel?: string;
}) {
  const { data, isFetching } = useOptions(resource);
  const tree = useMemo(() => pathTree(data?.items ?? [], leaveOut), [data, leaveOut]);
  return (
    <TreeSelect
      id={id}
      aria-label={ariaLabel}
      allowClear
      showSearch
      treeNodeFilterProp="path"
      treeNodeLabelProp="path"
      treeDefaultExpandAll
      loading={isFetching}
      placeholder={placeholder}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      treeData={tree}
      style={style ?? { maxWidth: 360 }}
    />
  );
}
