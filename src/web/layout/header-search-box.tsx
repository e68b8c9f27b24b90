import { Select } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routeTitle } from '../i18n';
import { useSession } from '../stores/session';
import { searchIndex, searchPool } from './search-pool';

/**
 * The open header search: a Select over a fuzzy index of the permitted routes. Its own chunk
 * (with fuse.js and antd's Select), loaded the first time the search opens.
 */
export default function HeaderSearchBox({
  query,
  onQuery,
  onClose,
}: {
  query: string;
  onQuery(query: string): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const routes = useSession((state) => state.routes);
  // biome-ignore lint/correctness/useExhaustiveDependencies: titles follow the language.
  const index = useMemo(() => searchIndex(searchPool(routes, routeTitle)), [routes, i18n.language]);
  // The Select clears its search text when it mounts (its mount effect runs before ours): keep
  // what was typed into the stand-in input while this chunk loaded.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
  }, []);
  const options = useMemo(
    () =>
      query ? index.search(query).map(({ item }) => ({ value: item.path, label: item.title })) : [],
    [index, query],
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
      notFoundContent={null}
      style={{ width: 240 }}
      onBlur={onClose}
      onChange={(path: string) => {
        onClose();
        if (/^(https?:|mailto:|tel:)/.test(path)) window.open(path, '_blank', 'noopener');
        else navigate(path);
      }}
    />
  );
}
