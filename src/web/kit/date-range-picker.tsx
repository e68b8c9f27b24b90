import DatePicker from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';

const DAY = 'YYYY-MM-DD';
const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

/**
 * A list filter's date range: antd's RangePicker in the UI's language (its own chunk, fetched
 * with a filter bar that has a date range). Kept as `YYYY-MM-DD,YYYY-MM-DD`; the two days are put
 * in order, whichever is picked first.
 */
export default function DateRangePicker({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  const { t, i18n } = useTranslation();
  // Month and weekday names, and the week's first day, follow the UI's language.
  dayjs.locale(i18n.language === 'en' ? 'en' : 'zh-cn');
  const [from = '', to = ''] = value.split(',');
  const day = (text: string) => (text ? dayjs(text, DAY) : null);
  const range: [Dayjs | null, Dayjs | null] | null = from || to ? [day(from), day(to)] : null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's border and legend do not fit an inline filter bar.
    <span role="group" aria-label={label} className="list-range-picker">
      <label htmlFor={`${id}-from`} style={hidden}>
        {t('kit.from', { label })}
      </label>
      <label htmlFor={`${id}-to`} style={hidden}>
        {t('kit.to', { label })}
      </label>
      <DatePicker.RangePicker
        id={{ start: `${id}-from`, end: `${id}-to` }}
        value={range}
        allowEmpty={[true, true]}
        format={DAY}
        placeholder={[t('kit.startDate'), t('kit.endDate')]}
        style={{ width: 250 }}
        onChange={(dates) => {
          const [start, end] = dates ?? [null, null];
          let texts = [start?.format(DAY) ?? '', end?.format(DAY) ?? ''];
          // A reversed range is put in order.
          if (texts[0] && texts[1] && texts[0] > texts[1]) texts = [texts[1], texts[0]];
          onChange(texts[0] || texts[1] ? texts.join(',') : '');
        }}
      />
    </span>
  );
}
