import DatePicker from 'antd/es/date-picker';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { addDays, beijingDay } from '../../../shared/marketplace-order';
import { setDayjsLocale } from '../../kit/dayjs-locale';

const DAY = 'YYYY-MM-DD';
const isDay = (text: string | null): text is string => !!text && /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * A screen's period (whole Beijing days) in its address (`?from=…&to=…`), so that a link or a
 * reload shows the same figures; `days` back to today when the address names none.
 */
export function usePeriod(days: number) {
  const [params, setParams] = useSearchParams();
  const today = beijingDay();
  const from = params.get('from');
  const to = params.get('to');
  const period =
    isDay(from) && isDay(to) && from <= to
      ? { from, to }
      : { from: addDays(today, -(days - 1)), to: today };
  const set = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes))
            if (value) next.set(key, value);
            else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { period, params, set };
}

/** The period's two days, picked in one range picker (with this week, this month, …). */
export function PeriodPicker({
  value,
  onChange,
  label,
  maxDays = 400,
}: {
  value: { from: string; to: string };
  onChange(period: { from: string; to: string }): void;
  label: string;
  maxDays?: number;
}) {
  const { t, i18n } = useTranslation('marketplace-order');
  setDayjsLocale(i18n.language);
  const today = dayjs(beijingDay(), DAY);
  const presets = [7, 30, 90, 365]
    .filter((days) => days <= maxDays)
    .map((days) => ({ key: days, label: t('lastDays', { count: days }) }));
  return (
    <DatePicker.RangePicker
      aria-label={label}
      value={[dayjs(value.from, DAY), dayjs(value.to, DAY)]}
      format={DAY}
      allowClear={false}
      // Within its card on a phone (an inline form item would let it run past the edge).
      style={{ maxWidth: '100%' }}
      disabledDate={(day, info) =>
        day.isAfter(today) || (!!info.from && Math.abs(day.diff(info.from, 'day')) >= maxDays)
      }
      presets={presets.map((p) => ({
        label: p.label,
        value: [today.subtract(p.key - 1, 'day'), today],
      }))}
      onChange={(dates) => {
        const [start, end] = dates ?? [];
        if (start && end) onChange({ from: start.format(DAY), to: end.format(DAY) });
      }}
    />
  );
}
