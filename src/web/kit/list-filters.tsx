import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterText, type ListFilter, readFilter } from './list-state';

type Draft = Record<string, string>;

const draftOf = (filters: ListFilter[], state: Record<string, unknown>): Draft =>
  Object.fromEntries(filters.map((filter) => [filter.name, filterText(state[filter.name])]));

/** The filters' values from what is typed: blank and unacceptable entries are left out. */
export function valuesOf(filters: ListFilter[], draft: Draft): Record<string, unknown> {
  return Object.fromEntries(
    filters.map((filter) => [filter.name, readFilter(filter, draft[filter.name] ?? '')]),
  );
}

// antd's RangePicker (with dayjs and its calendars) is a chunk of its own: only filter bars with a
// date range fetch it, and the list shows meanwhile (the plain fields below stand in until then).
const DateRangePicker = lazy(() => import('./date-range-picker'));

/** Two plain date fields: the stand-in while the RangePicker loads (and where it cannot). */
function NativeDateRange({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  const [from = '', to = ''] = value.split(',');
  const set = (nextFrom: string, nextTo: string) =>
    onChange(nextFrom || nextTo ? `${nextFrom},${nextTo}` : '');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's border and legend do not fit an inline filter bar.
    <span className="list-control list-range" role="group" aria-label={label}>
      <input
        type="date"
        aria-label={t('kit.from', { label })}
        value={from}
        max={to || undefined}
        onChange={(event) => set(event.target.value, to)}
      />
      <span aria-hidden className="list-range__arrow">
        →
      </span>
      <input
        type="date"
        aria-label={t('kit.to', { label })}
        value={to}
        min={from || undefined}
        onChange={(event) => set(from, event.target.value)}
      />
    </span>
  );
}

/**
 * A list screen's filter bar: native fields in antd's look (no form engine or select to load
 * before the list shows); a date range is antd's RangePicker, fetched alongside. The bar follows the list state, so the back button,
 * a shared link and Reset show what the list is filtered by; Enter searches.
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
  const stateKey = JSON.stringify(draftOf(filters, state));
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters, state));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the state is compared by value.
  useEffect(() => setDraft(draftOf(filters, state)), [stateKey]);
  const set = (name: string) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));

  return (
    <search aria-label={t('kit.filters')}>
      <form
        className="list-filters"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(valuesOf(filters, draft));
        }}
      >
        {filters.map((filter) => {
          const fieldId = `${id}-filter-${filter.name}`;
          const value = draft[filter.name] ?? '';
          return (
            <div className="list-filters__item" key={filter.name}>
              {filter.type === 'dateRange' ? (
                <span className="list-filters__label">{filter.label}</span>
              ) : (
                <label className="list-filters__label" htmlFor={fieldId}>
                  {filter.label}
                </label>
              )}
              {filter.type === 'text' && (
                <input
                  id={fieldId}
                  type="search"
                  className="list-control"
                  style={{ width: filter.width ?? 180 }}
                  placeholder={filter.placeholder}
                  maxLength={filter.maxLength ?? 100}
                  value={value}
                  onChange={(event) => set(filter.name)(event.target.value)}
                />
              )}
              {filter.type === 'select' && (
                <select
                  id={fieldId}
                  className="list-control list-select"
                  style={{ width: filter.width ?? 120 }}
                  value={value}
                  onChange={(event) => set(filter.name)(event.target.value)}
                >
                  <option value="">{filter.placeholder ?? t('kit.all')}</option>
                  {filter.options.map((option) => (
                    <option key={String(option.value)} value={String(option.value)}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
              {filter.type === 'dateRange' && (
                <Suspense
                  fallback={
                    <NativeDateRange
                      label={filter.label}
                      value={value}
                      onChange={set(filter.name)}
                    />
                  }
                >
                  <DateRangePicker
                    id={fieldId}
                    label={filter.label}
                    value={value}
                    onChange={set(filter.name)}
                  />
                </Suspense>
              )}
            </div>
          );
        })}
        <div className="list-filters__actions">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('kit.search')}
          </Button>
          <Button onClick={onReset}>{t('kit.reset')}</Button>
        </div>
      </form>
    </search>
  );
}
