import {
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Card, Col, Row, theme } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Board, moveItem } from './board-moves';

function Item({ id, children }: { id: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      data-testid={`item-${id}`}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.5 : 1,
        padding: '8px 12px',
        marginBottom: 8,
        cursor: 'grab',
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
    >
      {children}
    </div>
  );
}

function Column({
  id,
  title,
  items,
  label,
}: {
  id: string;
  title: ReactNode;
  items: string[];
  label(id: string): ReactNode;
}) {
  const { token } = theme.useToken();
  const { setNodeRef } = useDroppable({ id });
  return (
    <Card size="small" title={title} styles={{ body: { background: token.colorFillQuaternary } }}>
      <SortableContext id={id} items={items} strategy={verticalListSortingStrategy}>
        <div ref={setNodeRef} data-testid={`column-${id}`} style={{ minHeight: 120 }}>
          {items.map((item) => (
            <Item key={item} id={item}>
              {label(item)}
            </Item>
          ))}
        </div>
      </SortableContext>
    </Card>
  );
}

/**
 * Columns of items dragged within and between them (mouse, touch or keyboard: space, arrows,
 * space), for the dnd-list and kanban demos.
 */
export function SortableBoard({
  board,
  onChange,
  titles,
  label,
}: {
  board: Board;
  onChange(board: Board): void;
  titles: Record<string, ReactNode>;
  label(id: string): ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = ({ active, over }: DragOverEvent | DragEndEvent) => {
    if (!over) return;
    const next = moveItem(board, String(active.id), String(over.id));
    if (next !== board) onChange(next);
  };
  const columns = Object.keys(board);
  const { t } = useTranslation('demos');
  // What a screen reader hears while an item is moved, in the UI's language (dnd-kit's own
  // words are English).
  const accessibility = useMemo(() => {
    const name = (id: unknown) => {
      const text = titles[String(id)] ?? label(String(id));
      return typeof text === 'string' ? text : String(id);
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('components.drag.start', { item: name(active.id) }),
      // Nothing to say while it is over its own place (as when it is just picked up).
      onDragOver: ({ active, over }) =>
        over?.id === active.id
          ? undefined
          : over
            ? t('components.drag.over', { item: name(active.id), over: name(over.id) })
            : t('components.drag.outside', { item: name(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t('components.drag.end', { item: name(active.id), over: name(over.id) })
          : t('components.drag.dropped', { item: name(active.id) }),
      onDragCancel: ({ active }) => t('components.drag.cancel', { item: name(active.id) }),
    };
    return {
      announcements,
      screenReaderInstructions: { draggable: t('components.drag.instructions') },
    };
  }, [t, label, titles]);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragOver={move}
      onDragEnd={move}
      accessibility={accessibility}
    >
      <Row gutter={16}>
        {columns.map((id) => (
          <Col key={id} xs={24} md={24 / columns.length}>
            <Column id={id} title={titles[id]} items={board[id]!} label={label} />
          </Col>
        ))}
      </Row>
    </DndContext>
  );
}
