import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dateRangeField } from './date-range-field';

describe('dateRangeField', () => {
  const field = dateRangeField('createdRange');
  it('turns picked days into URL dates and back', () => {
    const state = field.fromForm({
      title: 'a',
      createdRange: [dayjs('2026-01-02'), dayjs('2026-01-31')],
    });
    expect(state).toEqual({ title: 'a', createdRange: ['2026-01-02', '2026-01-31'] });
    const form = field.toForm(state);
    expect((form.createdRange as dayjs.Dayjs[]).map((d) => d.format('YYYY-MM-DD'))).toEqual([
      '2026-01-02',
      '2026-01-31',
    ]);
    expect(field.fromForm({ createdRange: null }).createdRange).toBeUndefined();
  });
});
