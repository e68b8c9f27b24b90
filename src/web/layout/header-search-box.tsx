import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RecordSearchResult } from '../../shared/search';
import { request } from '../api/request';
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

/** What was typed, once typing pauses (records are asked for then, not on every key). */
function useSettled(text: string, ms = 250): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/** Records (customers, articles) the text finds in the areas the account may open. */
function useRecords(query: string) {
  const q = useSettled(query.trim());
  return useQuery({
    queryKey: ['/admin/search', 'records', q],
    queryFn: ({ signal }) =>
      request<RecordSearchResult>('/admin/search/records', { q }, { signal, silent: true }),
    enabled: q.length > 0 && q.length <= 64,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** A record's option value: its link, made unique (two customers may share a name). */
const SEPARATOR = '\u0000';

/**
 * The open header search: a Select over a fuzzy index of the permitted routes, also matched by
 * pinyin, and over the records of the areas the account may open. Its own chunk (with fuse.js and antd's Select), loaded the first time the search opens.
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
  const records = useRecords(query);
  const options = useMemo((): NonNullable<SelectProps['options']> => {
    const pages = searchEntries(index, pool, query, pinyinMatch).map((item) => ({
      value: item.path,
      label: item.title,
    }));
    // Records under the screen they belong to, after the screens themselves.
    const found = query.trim() && records.data ? records.data.groups : [];
    const groups = found.map((group) => ({
      label: routeTitle(`route.${group.screen}`),
      title: group.screen,
      options: group.hits.map((hit, i) => ({
        value: `${hit.link}${SEPARATOR}${group.screen}${i}`,
        label: (
          <span>
            {hit.title}
            {hit.note && (
              <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                {hit.note}
              </Typography.Text>
            )}
          </span>
        ),
      })),
    }));
    if (groups.length === 0) return pages;
    return [
      ...(pages.length > 0
        ? [{ label: t('shell.searchPages'), title: 'pages', options: pages }]
        : []),
      ...groups,
    ];
  }, [index, pool, query, pinyinMatch, records.data, t]);
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
        query.trim() && !records.isFetching ? (
          <span data-testid="search-no-match">{t('shell.searchNoMatch')}</span>
        ) : null
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
      onChange={(value: string) => {
        const path = value.split(SEPARATOR)[0] ?? value;
        onClose();
        if (/^(https?:|mailto:|tel:)/.test(path)) window.open(path, '_blank', 'noopener');
        else navigate(path);
      }}
    />
  );
}
