import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Board } from './board-moves';
import { SortableBoard } from './sortable-board';

/** Template demo /components/drag-kanban: tasks dragged between todo, working and done. */
export default function DragKanbanPage() {
  const { t } = useTranslation('demos');
  const [board, setBoard] = useState<Board>({
    todo: ['task-1', 'task-2', 'task-3', 'task-4'],
    working: ['task-5', 'task-6'],
    done: ['task-7', 'task-8'],
  });
  return (
    <Card>
      <SortableBoard
        board={board}
        onChange={setBoard}
        titles={{
          todo: t('components.todo'),
          working: t('components.working'),
          done: t('components.done'),
        }}
        label={(id) => t('components.task', { n: id.replace('task-', '') })}
      />
    </Card>
  );
}
