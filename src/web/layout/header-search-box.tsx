import { Select } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routeTitle } from '../i18n';
import { useSession } from '../stores/session';
import { type PinyinMatch, searchEntries, searchIndex, searchPool } from './search-pool';

/**
 * pinyin-pro (its dictionary is most of its size) is fetched when the search opens, not with
 * it: until it is in, titles and paths are searched as typed.
 */
function usePinyinMatch(): PinyinMatch | undefined {
  const [pinyinMatch, setPinyinMatch] = useState<PinyinMatch>();
  useEffect(() => {
    let live = true;
    import('pinyin-pro')
      .then(({ match }) => {
        if (live)
          setPinyinMatch(
            () => (text: string, query: string) => match(text, query, { continuous: true }),
          );
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return pinyinMatch;
}

/**
 * The open header search: a Select over a fuzzy index of the permitted routes, also matched by
 * pinyin. Its own chunk (with fuse.js and antd's Select), loaded the first time the search opens.
 */
export default function HeaderSearchBox({
  query,
  onQuery,
  onClose,
  width,
}: {
  query: string;
  onQuery(query: string): void;
  onClose(): void;
  width: number | string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const routes = useSession((state) => state.routes);
  const pinyinMatch = usePinyinMatch();
  // biome-ignore lint/correctness/useExhaustiveDependencies: titles follow the language.
  const pool = useMemo(() => searchPool(routes, routeTitle), [routes, i18n.language]);
  const index = useMemo(() => searchIndex(pool), [pool]);
  // The Select clears its search text when it mounts (its mount effect runs before ours): keep
  // what was typed into the stand-in input while this chunk loaded.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
  }, []);
  const options = useMemo(
    () =>
      searchEntries(index, pool, query, pinyinMatch).map((item) => ({
        value: item.path,
        label: item.title,
      })),
    [index, pool, query, pinyinMatch],
  );
  return (
    <Select
      autoFocus
      defaultOpen
      showSearch={{
        filterOption: false,
        searchValue: query,
        onSearch: (text) => {
          if (mounted.current || text) onQuery(text);
        },
      }}
      aria-label={t('shell.search')}
      placeholder={t('shell.searchPlaceholder')}
      options={options}
      notFoundContent={
        query.trim() ? <span data-testid="search-no-match">{t('shell.searchNoMatch')}</span> : null
      }
      style={{ width }}
      onBlur={onClose}
      onInputKeyDown={(event) => {
        // Esc empties the box and closes it: the next search starts afresh.
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
      onChange={(path: string) => {
        onClose();
        if (/^(https?:|mailto:|tel:)/.test(path)) window.open(path, '_blank', 'noopener');
        else navigate(path);
      }}
    />
  );
}
