import dayjs, { type Dayjs } from 'dayjs';

/**
 * A RangePicker filter kept in the URL as two dates: converts between the list state
 * (`["2026-01-01", "2026-01-31"]`) and the form (two dayjs values). Spread into <ListScreen>.
 */
export function dateRangeField(key: string) {
  return {
    fromForm(values: Record<string, unknown>) {
      const range = values[key] as [Dayjs, Dayjs] | undefined | null;
      return {
        ...values,
        [key]: range ? [range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')] : undefined,
      };
    },
    toForm(state: Record<string, unknown>) {
      const range = state[key] as [string, string] | undefined;
      return { ...state, [key]: range ? [dayjs(range[0]), dayjs(range[1])] : undefined };
    },
  };
}
