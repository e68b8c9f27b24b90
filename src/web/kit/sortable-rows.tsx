import { HolderOutlined } from '@ant-design/icons';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Table, type TableProps } from 'antd';
import {
  createContext,
  type HTMLAttributes,
  type Key,
  type ReactNode,
  useContext,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { RowMove } from './list-table';

type Tree<Row> = Row & { children?: Tree<Row>[] };

/**
 * Rows after `key` is moved onto `overKey`'s place, and the new order of its siblings; null when
 * the two rows are not siblings (a row keeps its parent) or are the same row.
 */
export function moveRow<Row extends object>(
  rows: Tree<Row>[],
  rowKey: keyof Row & string,
  key: Key,
  overKey: Key,
): { rows: Tree<Row>[]; order: Key[] } | null {
  if (key === overKey) return null;
  const keys = rows.map((row) => row[rowKey] as Key);
  const from = keys.indexOf(key);
  const to = keys.indexOf(overKey);
  if (from >= 0 && to >= 0) {
    const moved = arrayMove(rows, from, to);
    return { rows: moved, order: moved.map((row) => row[rowKey] as Key) };
  }
  if (from >= 0 || to >= 0) return null;
  for (const [index, row] of rows.entries()) {
    const inner = row.children && moveRow(row.children, rowKey, key, overKey);
    if (inner) {
      const next = [...rows];
      next[index] = { ...row, children: inner.rows };
      return { rows: next, order: inner.order };
    }
  }
  return null;
}

/** Every row's key, depth first: the order antd draws an opened tree in. */
function flatKeys<Row extends object>(
  rows: Tree<Row>[],
  rowKey: keyof Row & string,
): UniqueIdentifier[] {
  return rows.flatMap((row) => [
    row[rowKey] as UniqueIdentifier,
    ...(row.children ? flatKeys(row.children, rowKey) : []),
  ]);
}

/** Rows move up and down only. */
const vertical: Modifier = ({ transform }) => ({ ...transform, x: 0 });

interface Handle {
  setActivatorNodeRef(element: HTMLElement | null): void;
  /** dnd-kit's attributes (role, tabindex, its ARIA) and listeners for the handle. */
  props: object;
}
const HandleContext = createContext<Handle | null>(null);

function DragHandle() {
  const { t } = useTranslation();
  const handle = useContext(HandleContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      aria-label={t('kit.dragRow')}
      style={{ cursor: 'move', touchAction: 'none' }}
      ref={handle?.setActivatorNodeRef}
      {...handle?.props}
    />
  );
}

function SortableRow({
  id,
  style,
  ...props
}: Omit<HTMLAttributes<HTMLTableRowElement>, 'id'> & { id: UniqueIdentifier }) {
  const { t } = useTranslation();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, attributes: { roleDescription: t('kit.sortableRow') } });
  const handle = useMemo(
    () => ({ setActivatorNodeRef, props: { ...attributes, ...listeners } }),
    [setActivatorNodeRef, attributes, listeners],
  );
  return (
    <HandleContext.Provider value={handle}>
      <tr
        {...props}
        ref={setNodeRef}
        style={{
          ...style,
          transform: CSS.Translate.toString(transform),
          transition,
          ...(isDragging ? { position: 'relative', zIndex: 9 } : {}),
        }}
      />
    </HandleContext.Provider>
  );
}

/** A body row: sortable when it is a data row (the empty and expanded rows have no key). */
function Row(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: UniqueIdentifier }) {
  const key = props['data-row-key'];
  return key === undefined ? <tr {...props} /> : <SortableRow id={key} {...props} />;
}

/**
 * antd's "Drag sorting" table (dnd-kit sortable rows): a handle column first, and each row
 * moving among its siblings. The rows show in their new order at once; the screen saves it (and
 * its next rows replace these).
 */
export default function SortableTable<Row extends object>({
  table,
  rowKey,
  onMove,
}: {
  table: TableProps<Row>;
  rowKey: keyof Row & string;
  onMove(move: RowMove): void;
}): ReactNode {
  const { t } = useTranslation();
  const rows = (table.dataSource ?? []) as Tree<Row>[];
  const [given, setGiven] = useState(rows);
  const [shown, setShown] = useState(rows);
  if (given !== rows) {
    setGiven(rows);
    setShown(rows);
  }
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('kit.dragStart', { key: active.id }),
    onDragOver: ({ over }) => (over ? t('kit.dragOver', { key: over.id }) : undefined),
    onDragEnd: ({ active }) => t('kit.dragEnd', { key: active.id }),
    onDragCancel: ({ active }) => t('kit.dragCancel', { key: active.id }),
  };

  function end({ active, over }: DragEndEvent) {
    if (!over) return;
    const moved = moveRow(shown, rowKey, active.id, over.id);
    if (!moved) return;
    setShown(moved.rows);
    onMove({ key: active.id, overKey: over.id, order: moved.order });
  }

  const columns = [
    { key: '__drag', width: 48, align: 'center' as const, render: () => <DragHandle /> },
    ...(table.columns ?? []),
  ];
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[vertical]}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('kit.dragHelp') },
      }}
      onDragEnd={end}
    >
      <SortableContext items={flatKeys(shown, rowKey)} strategy={verticalListSortingStrategy}>
        <Table<Row>
          {...table}
          columns={columns}
          dataSource={shown}
          components={{
            ...table.components,
            body: { ...table.components?.body, row: Row },
          }}
        />
      </SortableContext>
    </DndContext>
  );
}
