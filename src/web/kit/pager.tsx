import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../shared/paging';

/** A page number, or a gap that jumps five pages back or on. */
export type PagerItem = number | 'back5' | 'on5';

/**
 * The page buttons for `page` of `pages`: all of them up to 7, otherwise the first, the last and
 * two on either side of the current one, with a gap where pages are left out (antd's pattern).
 */
export function pagerItems(page: number, pages: number): PagerItem[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(page - 2, pages - 5));
  const to = Math.min(pages - 1, Math.max(page + 2, 6));
  const items: PagerItem[] = [1];
  if (from > 2) items.push('back5');
  for (let n = from; n <= to; n++) items.push(n);
  if (to < pages - 1) items.push('on5');
  items.push(pages);
  return items;
}

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** "共 1,234 条" or the estimate's wording. */
  totalText: string;
  onChange(page: number, pageSize: number): void;
}

/** Paging under a list: the total, page buttons, and a page-size choice. */
export function Pager({ page, pageSize, total, totalText, onChange }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (to: number) => onChange(Math.min(Math.max(1, to), pages), pageSize);
  return (
    <nav className="pager" aria-label={t('kit.pagination')}>
      <span className="pager__total">{totalText}</span>
      <button
        type="button"
        className="pager__item"
        disabled={page <= 1}
        aria-label={t('kit.prevPage')}
        onClick={() => go(page - 1)}
      >
        <LeftOutlined />
      </button>
      {pagerItems(page, pages).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            className="pager__item"
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('kit.pageN', { n: item })}
            onClick={() => go(item)}
          >
            {item.toLocaleString()}
          </button>
        ) : (
          <button
            key={item}
            type="button"
            className="pager__item pager__jump"
            title={t(item === 'back5' ? 'kit.back5' : 'kit.on5')}
            aria-label={t(item === 'back5' ? 'kit.back5' : 'kit.on5')}
            onClick={() => go(item === 'back5' ? page - 5 : page + 5)}
          >
            •••
          </button>
        ),
      )}
      <button
        type="button"
        className="pager__item"
        disabled={page >= pages}
        aria-label={t('kit.nextPage')}
        onClick={() => go(page + 1)}
      >
        <RightOutlined />
      </button>
      <select
        className="list-control list-select pager__size"
        aria-label={t('kit.pageSize')}
        value={pageSize}
        onChange={(event) => onChange(1, Number(event.target.value))}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {t('kit.perPage', { n: size })}
          </option>
        ))}
      </select>
    </nav>
  );
}
