import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDemoArticles } from '../shared/article-rows';
import type { Board } from './board-moves';
import { SortableBoard } from './sortable-board';

/** Template demo /components/dnd-list: articles dragged between two lists and reordered. */
export default function DndListPage() {
  const { t } = useTranslation('demos');
  const { data } = useDemoArticles();
  const [board, setBoard] = useState<Board | null>(null);
  const titles = new Map((data?.items ?? []).map((a) => [String(a.id), a.title]));
  const shown: Board = board ?? {
    first: (data?.items ?? []).slice(0, 5).map((a) => String(a.id)),
    second: (data?.items ?? []).slice(5, 10).map((a) => String(a.id)),
  };
  return (
    <Card>
      <SortableBoard
        board={shown}
        onChange={setBoard}
        titles={{ first: t('components.listOne'), second: t('components.listTwo') }}
        label={(id) => `${id}. ${titles.get(id) ?? ''}`}
      />
    </Card>
  );
}
