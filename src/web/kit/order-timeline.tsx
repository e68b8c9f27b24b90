import { Timeline, Typography } from 'antd';
import { parseTime } from '../../shared/format';

/** One step of an order's story, as the order screens' parts calls answer it. */
export interface OrderTimelineEvent {
  id: number;
  type: string;
  actor: string;
  amount?: string | null;
  note?: string;
  createdAt: string;
}

/**
 * An order's timeline read as sentences: who did what, the sum it moved, when
 * ("顾客 下单 ¥32.00" above "2026-11-29 14:42:05"), and the note beneath. The screen names the
 * event and the actor in its own dictionary (`eventLabel`, `actorLabel`).
 */
export function OrderTimeline({
  events,
  eventLabel,
  actorLabel,
}: {
  events: OrderTimelineEvent[] | undefined;
  eventLabel: (type: string) => string;
  actorLabel: (actor: string) => string;
}) {
  return (
    <Timeline
      items={(events ?? []).map((e) => ({
        key: e.id,
        content: (
          <div data-testid="order-timeline-event">
            <div>
              {actorLabel(e.actor) && (
                <Typography.Text type="secondary">{actorLabel(e.actor)} </Typography.Text>
              )}
              <Typography.Text strong>{eventLabel(e.type)}</Typography.Text>
              {e.amount && <Typography.Text> ¥{e.amount}</Typography.Text>}
            </div>
            {e.note && <div style={{ overflowWrap: 'anywhere' }}>{e.note}</div>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {parseTime(e.createdAt, '{y}-{m}-{d} {h}:{i}:{s}')}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
