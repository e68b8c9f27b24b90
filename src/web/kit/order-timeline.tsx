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
 * An order's timeline read as sentences: what was done and the sum it moved ("下单 ¥32.00"), who
 * did it and when beneath ("顾客 · 2026-11-29 14:42:05"), then the note. The screen names the
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
      items={(events ?? []).map((e) => {
        const actor = actorLabel(e.actor);
        const time = parseTime(e.createdAt, '{y}-{m}-{d} {h}:{i}:{s}');
        return {
          key: e.id,
          content: (
            <div data-testid="order-timeline-event">
              <div>
                <Typography.Text strong>{eventLabel(e.type)}</Typography.Text>
                {e.amount && <Typography.Text> ¥{e.amount}</Typography.Text>}
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {actor ? `${actor} · ${time}` : time}
              </Typography.Text>
              {e.note && <div style={{ overflowWrap: 'anywhere' }}>{e.note}</div>}
            </div>
          ),
        };
      })}
    />
  );
}
