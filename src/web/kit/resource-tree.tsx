import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Input,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Tag,
  Tree,
  type TreeProps,
  Typography,
} from 'antd';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FieldDef,
  fieldEntries,
  has,
  inList,
  parentField,
  type ResourceDef,
} from '../../shared/resource';
import { request } from '../api/request';
import { areaNamespaces, dynamicKey, i18n, routeTitle } from '../i18n';
import { useAppNavigate } from './cached-view';
import { downloadFile } from './export-file';
import { useDisplay } from './resource-display';
import type { ResourceOverrides, ResourceRow as Row } from './resource-overrides';
import './resource-tree.css';

/** A field's column width in the tree's rows: its list width, else by kind. */
const widthOf = (f: FieldDef) =>
  typeof f.list === 'number'
    ? f.list
    : ((
        { boolean: 80, enum: 100, datetime: 150, date: 110, money: 110, integer: 90 } as Record<
          string,
          number
        >
      )[f.kind] ?? 240);
const ACTIONS_WIDTH = 96;

interface Node {
  key: number;
  row: Row;
  depth: number;
  children: Node[];
}

/** Rows nested by their parent field, siblings in the order the server gives (their place). */
function nest(rows: Row[], parent: string): Node[] {
  const byParent = new Map<number | null, Row[]>();
  for (const row of rows) {
    const p = (row[parent] as number | null) ?? null;
    byParent.set(p, [...(byParent.get(p) ?? []), row]);
  }
  const under = (p: number | null, depth: number): Node[] =>
    (byParent.get(p) ?? []).map((row) => ({
      key: row.id,
      row,
      depth,
      children: under(row.id, depth + 1),
    }));
  return under(null, 1);
}

/** The tree cut to the rows whose title holds `keyword`, with their ancestors. */
function keep(nodes: Node[], match: (row: Row) => boolean): Node[] {
  return nodes.flatMap((node) => {
    const children = keep(node.children, match);
    return match(node.row) || children.length > 0 ? [{ ...node, children }] : [];
  });
}

const keysOf = (nodes: Node[]): number[] => nodes.flatMap((n) => [n.key, ...keysOf(n.children)]);

/**
 * The screen of a tree resource (categories): its rows as a tree a merchant reorders and
 * re-parents by dragging (antd's Tree; the server renumbers the siblings), each with its list
 * fields, add-below, edit and delete; a title search that keeps the matches' ancestors; export.
 */
export function ResourceTree({
  resource,
  overrides = {},
}: {
  resource: ResourceDef;
  overrides?: ResourceOverrides;
}) {
  const { t } = useTranslation(areaNamespaces(resource.name));
  const { message } = App.useApp();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const display = useDisplay(resource);
  const endpoint = `/admin/${resource.name}`;
  const parent = parentField(resource)!;
  const maxDepth = (resource.fields[parent] as FieldDef).maxDepth ?? 5;
  const page = resource.page?.route ?? resource.route;
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [exporting, setExporting] = useState(false);

  const tree = useQuery({
    queryKey: [endpoint, 'tree'],
    queryFn: () => request<{ items: Row[] }>(`${endpoint}/tree`, {}),
  });
  const nodes = useMemo(() => nest(tree.data?.items ?? [], parent), [tree.data, parent]);
  const shown = useMemo(() => {
    const q = keyword.trim().toLowerCase();
    if (!q) return nodes;
    const searched = resource.keyword ?? [resource.titleField];
    return keep(nodes, (row) =>
      searched.some((key) =>
        String(row[key] ?? '')
          .toLowerCase()
          .includes(q),
      ),
    );
  }, [nodes, keyword, resource]);

  const invalidate = () => queryClient.invalidateQueries({ queryKey: [endpoint] });
  const move = useMutation({
    mutationFn: (to: { id: number; parentId: number | null; index: number }) =>
      request(`${endpoint}/move`, to),
    onSuccess: () => void message.success(t('translation:kit.saved')),
    onSettled: invalidate,
  });
  const remove = useMutation({
    mutationFn: (id: number) => request<{ deleted: number }>(`${endpoint}/delete`, { ids: [id] }),
    onSuccess: () => {
      void message.success(t('translation:kit.deleted', { count: 1 }));
      void invalidate();
    },
  });

  /** Where a drop puts the dragged row: under the row dropped on, or beside it. */
  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = Number(info.dragNode.key);
    const target = (info.node as unknown as { key: number; row: Row }).row;
    const position = info.dropPosition - Number(info.node.pos.split('-').at(-1));
    if (!info.dropToGap) {
      move.mutate({ id: dragged, parentId: target.id, index: 0 });
      return;
    }
    const parentId = (target[parent] as number | null) ?? null;
    const siblings = (tree.data?.items ?? []).filter(
      (row) => ((row[parent] as number | null) ?? null) === parentId && row.id !== dragged,
    );
    const at = siblings.findIndex((row) => row.id === target.id);
    move.mutate({ id: dragged, parentId, index: position === -1 ? at : at + 1 });
  };

  async function exportAll() {
    setExporting(true);
    try {
      await downloadFile(
        `${endpoint}/export`,
        {
          lang: i18n.language === 'en' ? 'en' : 'zh',
          tz: new Date().getTimezoneOffset(),
        },
        () => {},
      );
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setExporting(false);
    }
  }

  const listed = fieldEntries(resource).filter(
    ([key, f]) => inList(f) && key !== resource.titleField,
  );
  // On a phone: the title, the first choice (a status) and the actions.
  const phoneField = listed.find(([, f]) => f.kind === 'enum' || f.kind === 'boolean')?.[0];
  const cell = (key: string, f: FieldDef, row: Row): ReactNode => {
    const own = overrides.cells?.[key]?.(row[key], row);
    if (own !== undefined) return own;
    if (f.kind === 'boolean')
      return <Tag color={row[key] ? 'green' : 'default'}>{display(key, f, row[key])}</Tag>;
    if (f.kind === 'enum') return <Tag>{display(key, f, row[key])}</Tag>;
    if (row[key] === '' || row[key] == null) return null;
    return (
      <Typography.Text type="secondary" ellipsis>
        {display(key, f, row[key])}
      </Typography.Text>
    );
  };

  const title = (node: Node) => {
    const { row } = node;
    const name = String(row[resource.titleField]);
    return (
      <div className="resource-tree-row">
        <Typography.Text strong ellipsis className="resource-tree-title" title={name}>
          {name}
        </Typography.Text>
        {listed.map(([key, f]) => (
          <span
            key={key}
            className={key === phoneField ? undefined : 'resource-tree-wide'}
            style={{ width: widthOf(f) }}
          >
            {cell(key, f, row)}
          </span>
        ))}
        <Space size={0} style={{ width: ACTIONS_WIDTH }} onClick={(e) => e.stopPropagation()}>
          {has(resource, 'create') && node.depth < maxDepth && (
            <Button
              type="link"
              size="small"
              icon={<SubnodeOutlined />}
              aria-label={`${t('addChild')} ${name}`}
              title={t('addChild')}
              onClick={() => navigate(`/${page}?${parent}=${row.id}`)}
            />
          )}
          {has(resource, 'update') && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              aria-label={`${t('translation:kit.edit')} ${name}`}
              title={t('translation:kit.edit')}
              onClick={() => navigate(`/${page}?id=${row.id}`)}
            />
          )}
          {has(resource, 'delete') && (
            <Popconfirm
              title={t('translation:kit.deleteConfirmOne', { name })}
              onConfirm={() => remove.mutateAsync(row.id).catch(() => {})}
            >
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('translation:kit.delete')} ${name}`}
                title={t('translation:kit.delete')}
              />
            </Popconfirm>
          )}
        </Space>
      </div>
    );
  };

  const toData = (list: Node[]): object[] =>
    list.map((node) => ({
      key: node.key,
      row: node.row,
      title: title(node),
      children: toData(node.children),
    }));

  const allKeys = keysOf(shown);
  let body: ReactNode;
  if (tree.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (tree.isError)
    body = (
      <Result
        status="warning"
        title={t('translation:kit.loadFailed')}
        subTitle={tree.error.message}
        extra={<Button onClick={() => tree.refetch()}>{t('translation:kit.retry')}</Button>}
      />
    );
  else if (shown.length === 0)
    body = <Empty description={keyword ? t('translation:kit.emptyFiltered') : undefined} />;
  else
    body = (
      <Tree
        blockNode
        showLine
        draggable={
          has(resource, 'order') && !keyword ? { icon: false, nodeDraggable: () => true } : false
        }
        allowDrop={({ dropNode, dropPosition }) => {
          // Nothing goes deeper than the tree may.
          const depth =
            String((dropNode as unknown as { pos?: string }).pos ?? '').split('-').length - 1;
          return dropPosition !== 0 || depth < maxDepth;
        }}
        expandedKeys={keyword ? allKeys : (expanded ?? allKeys)}
        onExpand={(keys) => setExpanded(keys)}
        onDrop={onDrop}
        selectable={false}
        treeData={toData(shown) as TreeProps['treeData']}
      />
    );

  return (
    <Card
      title={routeTitle(`route.${resource.route}`)}
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('keywordPlaceholder')}
            aria-label={t('translation:kit.keyword')}
            onChange={(e) => setKeyword(e.target.value)}
            style={{ width: 220 }}
          />
          <Button onClick={() => setExpanded(expanded?.length === 0 ? null : [])}>
            {expanded?.length === 0
              ? t('translation:kit.expandAll')
              : t('translation:kit.collapseAll')}
          </Button>
          {has(resource, 'export') && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportAll}>
              {t('translation:kit.export')}
            </Button>
          )}
          {has(resource, 'create') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/${page}`)}>
              {t('new')}
            </Button>
          )}
        </Space>
      }
    >
      {has(resource, 'order') && shown.length > 0 && (
        <Typography.Paragraph type="secondary">{t('dragHint')}</Typography.Paragraph>
      )}
      {shown.length > 0 && (
        // The rows' column names, over the tree's own columns.
        <div className="resource-tree-row resource-tree-head" aria-hidden>
          <span className="resource-tree-title">
            {t(dynamicKey(`fields.${resource.titleField}`))}
          </span>
          {listed.map(([key, f]) => (
            <span
              key={key}
              className={key === phoneField ? undefined : 'resource-tree-wide'}
              style={{ width: widthOf(f) }}
            >
              {t(dynamicKey(`fields.${key}`))}
            </span>
          ))}
          <span style={{ width: ACTIONS_WIDTH }}>{t('translation:kit.actions')}</span>
        </div>
      )}
      {body}
    </Card>
  );
}

/** The tree screen of a resource, for the route table. */
export function treeScreenOf(resource: ResourceDef, overrides?: ResourceOverrides) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per resource, when its chunk loads.
  function Screen() {
    return <ResourceTree resource={resource} overrides={overrides} />;
  }
  Screen.displayName = `ResourceTree(${resource.name})`;
  return Screen;
}
