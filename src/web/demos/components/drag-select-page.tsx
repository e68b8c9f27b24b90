import { Card, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SortableBoard } from './sortable-board';

const OPTIONS = ['Apple', 'Banana', 'Orange', 'Pear', 'Grape', 'Mango', 'Peach'];

/** Template demo /components/drag-select: a multiple select whose choices are put in order. */
export default function DragSelectPage() {
  const { t } = useTranslation('demos');
  const [chosen, setChosen] = useState(['Apple', 'Banana', 'Orange']);
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%', maxWidth: 520 }}>
        <Select
          mode="multiple"
          aria-label={t('components.choose')}
          value={chosen}
          onChange={setChosen}
          options={OPTIONS.map((value) => ({ value, label: value }))}
          style={{ width: '100%' }}
        />
        <Typography.Text type="secondary">{t('components.dragOrder')}</Typography.Text>
        <SortableBoard
          board={{ chosen }}
          onChange={(board) => setChosen(board.chosen ?? [])}
          titles={{ chosen: t('components.order') }}
          label={(id) => id}
        />
      </Space>
    </Card>
  );
}
