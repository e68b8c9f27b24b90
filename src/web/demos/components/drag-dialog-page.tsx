import { Button, Card, Modal, Typography } from 'antd';
import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Template demo /components/drag-dialog: a dialog moved by its title bar. */
export default function DragDialogPage() {
  const { t } = useTranslation('demos');
  const [open, setOpen] = useState(false);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; from: { x: number; y: number } } | null>(null);
  const start = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, from: offset };
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    const at = drag.current;
    if (!at) return;
    setOffset({ x: at.from.x + event.clientX - at.x, y: at.from.y + event.clientY - at.y });
  };
  return (
    <Card>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('components.openDialog')}
      </Button>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => setOpen(false)}
        okText={t('confirm')}
        cancelText={t('cancel')}
        title={
          <div
            data-testid="drag-handle"
            style={{ cursor: 'move', userSelect: 'none', touchAction: 'none' }}
            onPointerDown={start}
            onPointerMove={move}
            onPointerUp={() => {
              drag.current = null;
            }}
          >
            {t('components.dragMe')}
          </div>
        }
        modalRender={(node) => (
          <div style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}>{node}</div>
        )}
      >
        <Typography.Paragraph>{t('components.dragDialogNote')}</Typography.Paragraph>
      </Modal>
    </Card>
  );
}
