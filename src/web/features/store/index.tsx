import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Space, Tag, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { OpeningHours } from '../../../shared/opening-hours';
import type { ResourceOverrides } from '../../kit/resource-overrides';

type Range = { from: string; to: string };

/** 24:00 is the day's end; the picker shows it as 23:59. */
const toPicker = (time: string) => dayjs(time === '24:00' ? '23:59' : time, 'HH:mm');
const fromPicker = (value: Dayjs, end: boolean) => {
  const time = value.format('HH:mm');
  return end && time === '23:59' ? '24:00' : time;
};

/** One day's ranges: each a from–to pair of times; none: closed. */
function DayRanges({
  label,
  ranges,
  onChange,
}: {
  label: string;
  ranges: Range[];
  onChange(ranges: Range[]): void;
}) {
  const { t } = useTranslation('store');
  return (
    <Space wrap align="center" data-testid={`hours-${label}`}>
      <Typography.Text strong style={{ display: 'inline-block', width: 72 }}>
        {label}
      </Typography.Text>
      {ranges.length === 0 && <Tag>{t('hoursEditor.closed')}</Tag>}
      {ranges.map((range, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a range's place is its identity.
        <Space.Compact key={i}>
          <TimePicker.RangePicker
            format="HH:mm"
            minuteStep={5}
            allowClear={false}
            aria-label={`${label} ${i + 1}`}
            value={[toPicker(range.from), toPicker(range.to)]}
            onChange={(values) => {
              if (!values?.[0] || !values[1]) return;
              onChange(
                ranges.map((r, j) =>
                  j === i
                    ? { from: fromPicker(values[0]!, false), to: fromPicker(values[1]!, true) }
                    : r,
                ),
              );
            }}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={`${label} ${t('hoursEditor.removeRange')}`}
            onClick={() => onChange(ranges.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      {ranges.length < 4 && (
        <Button
          type="dashed"
          size="small"
          icon={<PlusOutlined />}
          aria-label={`${label} ${t('hoursEditor.addRange')}`}
          onClick={() => {
            const last = ranges.at(-1)?.to;
            onChange([
              ...ranges,
              last && last < '22:00' ? { from: last, to: '24:00' } : { from: '09:00', to: '21:00' },
            ]);
          }}
        >
          {t('hoursEditor.addRange')}
        </Button>
      )}
    </Space>
  );
}

/** The week's hours, Monday first, and the holidays that differ from their weekday. */
function HoursEditor({
  value,
  onChange,
  id,
}: {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}) {
  const { t } = useTranslation('store');
  const hours = (value ?? { week: [[], [], [], [], [], [], []], exceptions: [] }) as OpeningHours;
  const days = t('hoursEditor.days', { returnObjects: true }) as string[];
  const set = (next: Partial<OpeningHours>) => onChange?.({ ...hours, ...next });
  return (
    <Space direction="vertical" id={id} style={{ width: '100%' }}>
      {hours.week.map((ranges, day) => (
        <DayRanges
          // biome-ignore lint/suspicious/noArrayIndexKey: the weekday is the index.
          key={day}
          label={days[day] ?? String(day)}
          ranges={ranges}
          onChange={(next) => set({ week: hours.week.map((r, d) => (d === day ? next : r)) })}
        />
      ))}
      <Typography.Text type="secondary">{t('hoursEditor.exceptions')}</Typography.Text>
      {hours.exceptions.map((exception, i) => (
        <Space key={exception.date} wrap>
          <DatePicker
            aria-label={t('hoursEditor.date')}
            allowClear={false}
            value={dayjs(exception.date)}
            onChange={(date) =>
              date &&
              set({
                exceptions: hours.exceptions.map((e, j) =>
                  j === i ? { ...e, date: date.format('YYYY-MM-DD') } : e,
                ),
              })
            }
          />
          <DayRanges
            label=""
            ranges={exception.ranges}
            onChange={(ranges) =>
              set({
                exceptions: hours.exceptions.map((e, j) => (j === i ? { ...e, ranges } : e)),
              })
            }
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('hoursEditor.removeException')}
            onClick={() => set({ exceptions: hours.exceptions.filter((_, j) => j !== i) })}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => {
          // The next day not yet listed, from tomorrow.
          let date = dayjs().add(1, 'day');
          while (hours.exceptions.some((e) => e.date === date.format('YYYY-MM-DD')))
            date = date.add(1, 'day');
          set({
            exceptions: [...hours.exceptions, { date: date.format('YYYY-MM-DD'), ranges: [] }],
          });
        }}
      >
        {t('hoursEditor.addException')}
      </Button>
    </Space>
  );
}

/** /detail: the opening hours' editor. */
export default {
  fields: { hours: HoursEditor },
} satisfies ResourceOverrides;
