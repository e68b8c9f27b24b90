import { COUNT_LIMIT } from '../../shared/paging';

type Translate = (
  key: 'kit.total' | 'kit.totalAbout' | 'kit.totalMore',
  values: { count: number; n: string },
) => string;

/**
 * The pagination's total: exact ("共 1,234 条"), or past COUNT_LIMIT the server's estimate
 * ("约 124,060 条"); an estimate no larger than the limit says only "超过 1,000 条".
 */
export function totalText(count: number, exact: boolean, t: Translate, language: string): string {
  const n = (value: number) => value.toLocaleString(language);
  if (exact) return t('kit.total', { count, n: n(count) });
  if (count > COUNT_LIMIT + 1) return t('kit.totalAbout', { count, n: n(count) });
  return t('kit.totalMore', { count: COUNT_LIMIT, n: n(COUNT_LIMIT) });
}
