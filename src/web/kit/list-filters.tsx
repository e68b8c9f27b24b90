import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Select } from 'antd';
// The field alone, as the header's search box takes it: the index adds Password, Search and OTP.
import Input from 'antd/es/input/Input';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterText, type ListFilter, readFilter } from './list-state';

type Draft = Record<string, string | undefined>;

const draftOf = (filters: ListFilter[], state: Record<string, unknown>): Draft =>
  Object.fromEntries(filters.map((filter) => [filter.name, filterText(state[filter.name])]));

/** The filters' values from what is typed: blank and unacceptable entries are left out. */
export function valuesOf(filters: ListFilter[], draft: Draft): Record<string, unknown> {
  return Object.fromEntries(
    filters.map((filter) => [filter.name, readFilter(filter, draft[filter.name] ?? '')]),
  );
}

// antd's RangePicker (with dayjs and its calendars: a third of a list screen's own bytes) is a
// chunk of its own, fetched when a date range is first pointed at or focused. Until it is in, the
// range is two plain boxes that take a typed YYYY-MM-DD; the picker takes their place, with what
// was typed, once it is in and the focus is not in the boxes (never under the typing hand).
type DateRangePickerType = typeof import('./date-range-picker').default;
let loadedPicker: DateRangePickerType | undefined;
const loadDateRangePicker = async () => {
  loadedPicker ??= (await import('./date-range-picker')).default;
  return loadedPicker;
};
const DAY_TYPED = /^\d{4}-\d{2}-\d{2}$/;
/** The form's value of what is typed: whole days only (the picker reads them), blank when none. */
const daysOf = (typed: string[]) => {
  const days = [0, 1].map((i) => (DAY_TYPED.test(typed[i] ?? '') ? typed[i] : ''));
  return days[0] || days[1] ? days.join(',') : '';
};

function DateRange(props: {
  id?: string;
  label: string;
  value?: string;
  onChange?(value: string): void;
}) {
  const { id = 'date-range', label, value = '', onChange } = props;
  const { t } = useTranslation();
  const [Picker, setPicker] = useState(() => loadedPicker);
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState(() => value.split(','));
  // Set from outside (Reset, the address): the boxes show it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from the form counts.
  useEffect(() => {
    if (value !== daysOf(typed)) setTyped(value.split(','));
  }, [value]);
  if (Picker && !typing) return <Picker {...props} />;

  const load = () => void loadDateRangePicker().then((picker) => setPicker(() => picker));
  const type = (index: 0 | 1, text: string) => {
    const next = [...typed];
    next[index] = text.trim();
    setTyped(next);
    onChange?.(daysOf(next));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's border and legend do not fit an inline filter bar.
    <span
      role="group"
      aria-label={label}
      id={id}
      className="list-filters__range"
      onPointerEnter={load}
      onFocus={() => {
        setTyping(true);
        load();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setTyping(false);
      }}
    >
      {([0, 1] as const).map((index) => (
        <Input
          key={index}
          id={`${id}-${index ? 'to' : 'from'}`}
          aria-label={t(index ? 'kit.to' : 'kit.from', { label })}
          placeholder={t(index ? 'kit.endDate' : 'kit.startDate')}
          inputMode="numeric"
          maxLength={10}
          style={{ width: 123 }}
          value={typed[index] ?? ''}
          onChange={(e) => type(index, e.target.value)}
        />
      ))}
    </span>
  );
}

/** A list filter's number range: two boxes (from, to), either may stay empty; `min,max` as text. */
function NumberRange({
  id = 'number-range',
  label,
  value = '',
  onChange,
}: {
  id?: string;
  label: string;
  value?: string;
  onChange?(value: string): void;
}) {
  const { t } = useTranslation();
  const [low = '', high = ''] = value.split(',');
  const set = (next: [string, string]) => onChange?.(next[0] || next[1] ? next.join(',') : '');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's border and legend do not fit an inline filter bar.
    <span role="group" aria-label={label} id={id} className="list-filters__range">
      <Input
        aria-label={t('kit.lowest', { label })}
        placeholder={t('kit.min')}
        inputMode="decimal"
        maxLength={17}
        style={{ width: 90 }}
        value={low}
        onChange={(e) => set([e.target.value.trim(), high])}
      />
      <span aria-hidden>–</span>
      <Input
        aria-label={t('kit.highest', { label })}
        placeholder={t('kit.max')}
        inputMode="decimal"
        maxLength={17}
        style={{ width: 90 }}
        value={high}
        onChange={(e) => set([low, e.target.value.trim()])}
      />
    </span>
  );
}

/**
 * A list screen's filter bar: antd's Form with its inputs, selects and date-range pickers, in the
 * UI's language. The bar follows the list state, so the back button, a shared link and Reset
 * show what the list is filtered by; Enter searches.
 */
export function ListFilters({
  id,
  filters,
  state,
  onSearch,
  onReset,
}: {
  id: string;
  filters: ListFilter[];
  state: Record<string, unknown>;
  onSearch(values: Record<string, unknown>): void;
  onReset(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Draft>();
  const draft = draftOf(filters, state);
  const stateKey = JSON.stringify(draft);
  // The state this bar's own search asked for, and what the boxes held then: when that state
  // arrives (a render after the address changed), a box typed in since keeps what was typed; the
  // others show the state (a range put in order, one day standing for both ends).
  const searched = useRef<{ key: string; typed: Draft } | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the state is compared by value.
  useEffect(() => {
    const typed = searched.current?.key === stateKey ? searched.current.typed : undefined;
    searched.current = undefined;
    const now: Draft = form.getFieldsValue();
    form.setFieldsValue(
      typed
        ? Object.fromEntries(Object.entries(draft).filter(([name]) => now[name] === typed[name]))
        : draft,
    );
  }, [stateKey]);

  return (
    <search aria-label={t('kit.filters')}>
      <Form<Draft>
        form={form}
        name={`${id}-filter`}
        layout="inline"
        className="list-filters"
        initialValues={draft}
        onFinish={(values) => {
          const next = valuesOf(filters, values);
          searched.current = { key: JSON.stringify(draftOf(filters, next)), typed: values };
          onSearch(next);
        }}
      >
        {filters.map((filter) => (
          <Form.Item key={filter.name} name={filter.name} label={filter.label}>
            {filter.type === 'text' ? (
              <Input
                type="search"
                style={{ width: filter.width ?? 180 }}
                placeholder={filter.placeholder}
                maxLength={filter.maxLength ?? 100}
              />
            ) : filter.type === 'select' ? (
              <Select
                style={{ width: filter.width ?? 120 }}
                allowClear
                placeholder={filter.placeholder ?? t('kit.all')}
                // Typed into, it finds a choice by its text.
                showSearch={{ optionFilterProp: 'label' }}
                // Choices longer than the box (a category's path) are read whole in a wider list.
                popupMatchSelectWidth={280}
                options={filter.options.map((option) => ({
                  value: String(option.value),
                  label: option.label,
                }))}
              />
            ) : filter.type === 'numberRange' ? (
              <NumberRange label={filter.label} />
            ) : (
              <DateRange label={filter.label} />
            )}
          </Form.Item>
        ))}
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('kit.search')}
          </Button>
        </Form.Item>
        <Form.Item>
          <Button
            onClick={() => {
              // What was typed goes too, when the list was not filtered by it yet.
              form.setFieldsValue(draftOf(filters, {}));
              onReset();
            }}
          >
            {t('kit.reset')}
          </Button>
        </Form.Item>
      </Form>
    </search>
  );
}
