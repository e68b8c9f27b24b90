import DatePicker from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { setDayjsLocale } from './dayjs-locale';

const DAY = 'YYYY-MM-DD';
const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

/**
 * A list filter's date range: antd's RangePicker in the UI's language, a form control (value and
 * onChange from its Form.Item). Kept as `YYYY-MM-DD,YYYY-MM-DD`; the two days are put in order,
 * whichever is picked first; one end may stay empty.
 */
export default function DateRangePicker({
  id = 'date-range',
  label,
  value = '',
  onChange,
}: {
  id?: string;
  label: string;
  value?: string;
  onChange?(value: string): void;
}) {
  const { t, i18n } = useTranslation();
  setDayjsLocale(i18n.language);
  const [from = '', to = ''] = value.split(',');
  const day = (text: string) => (text ? dayjs(text, DAY) : null);
  const range: [Dayjs | null, Dayjs | null] | null = from || to ? [day(from), day(to)] : null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's border and legend do not fit an inline filter bar.
    <span role="group" aria-label={label} id={id}>
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
          onChange?.(texts[0] || texts[1] ? texts.join(',') : '');
        }}
      />
    </span>
  );
}
