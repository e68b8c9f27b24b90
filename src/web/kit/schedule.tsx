import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../shared/format';
import type { ResourceRow } from './resource-overrides';

/** Where a banner or an entry stands in its time window, for the mini-program's home. */
export type Schedule = 'disabled' | 'upcoming' | 'live' | 'ended';

/**
 * An enabled row shows only within its window: before its start it is upcoming (not shown yet),
 * after its end it has ended; an open end is no bound.
 */
export function scheduleOf(row: Record<string, unknown>, now: Date): Schedule {
  if (!row.enabled) return 'disabled';
  const at = (value: unknown) => (value ? new Date(value as string).getTime() : null);
  const start = at(row.startAt);
  const end = at(row.endAt);
  if (start !== null && start > now.getTime()) return 'upcoming';
  if (end !== null && end < now.getTime()) return 'ended';
  return 'live';
}

const SCHEDULE_COLORS: Record<Schedule, string> = {
  disabled: 'default',
  upcoming: 'processing',
  live: 'success',
  ended: 'default',
};

/**
 * A row's `enabled` as the customer sees it (a banner, a nine-grid entry): not shown yet before
 * its start, with when it starts; gone after its end.
 */
export function ScheduleTag({ row }: { row: ResourceRow }) {
  const { t } = useTranslation();
  const schedule = scheduleOf(row, new Date());
  return (
    <Tag color={SCHEDULE_COLORS[schedule]} bordered={false}>
      {t(`kit.schedule.${schedule}`, {
        start: parseTime(row.startAt as string, '{y}-{m}-{d} {h}:{i}'),
      })}
    </Tag>
  );
}
