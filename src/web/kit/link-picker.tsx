import { Input, Select, Space } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatLink,
  isLinkTarget,
  LINK_KINDS,
  type LinkKind,
  pagePath,
  parseLink,
  SHOP_PAGES,
} from '../../shared/link';
import { ReferenceSelect } from './reference-select';

/**
 * Picks where a tap leads (a `link` field): first its kind, then one of the merchant's products or
 * articles by a search of their titles, a storefront page (and its parameter) from the catalogue,
 * or a web address. `label` is the linked row's title as the edited row carries it.
 */
export function LinkPicker({
  value = '',
  onChange,
  label,
  id,
}: {
  value?: string;
  onChange?(value: string): void;
  label?: string | null;
  id?: string;
}) {
  const { t } = useTranslation();
  const link = parseLink(value);
  // The kind shown: the link's, or the one chosen before anything of it is.
  const [kind, setKind] = useState<LinkKind>(link?.kind ?? 'product');
  // A value given from outside (the form loading a row) shows its own kind; a web address being
  // typed stays one even while it reads like a path.
  const given = link?.kind;
  useEffect(() => {
    if (given && given !== kind && kind !== 'url') setKind(given);
  }, [given, kind]);

  const kindSelect = (
    <Select
      aria-label={t('kit.link.kind')}
      value={kind}
      onChange={(next: LinkKind) => {
        setKind(next);
        if (next !== kind) onChange?.('');
      }}
      options={LINK_KINDS.map((k) => ({ value: k, label: t(`kit.link.kinds.${k}`) }))}
      style={{ width: 112, flex: 'none' }}
    />
  );

  let part: ReactNode;
  if (isLinkTarget(kind)) {
    part = (
      <ReferenceSelect
        id={id}
        to={kind}
        value={link && link.kind === kind ? link.id : null}
        label={label}
        placeholder={t(`kit.link.search.${kind}`)}
        style={{ minWidth: 0, flex: 1 }}
        onChange={(rowId) => onChange?.(rowId ? formatLink({ kind, id: rowId }) : '')}
      />
    );
  } else if (kind === 'page') {
    part = (
      <PagePicker
        id={id}
        value={link?.kind === 'page' ? link.path : ''}
        onChange={(path) => onChange?.(path)}
      />
    );
  } else {
    part = (
      <Input
        id={id}
        placeholder="https://"
        value={value}
        onChange={(e) => onChange?.(e.target.value.trim())}
        maxLength={500}
      />
    );
  }
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
      {kindSelect}
      {part}
    </Space.Compact>
  );
}

/**
 * A storefront page from the catalogue (SHOP_PAGES) and its parameter: the row it names picked by
 * a search of its resource's titles (a product, a category, a table, an article). The link
 * picker's page part, and the page-path tool's. `value` is the path with its query.
 */
export function PagePicker({
  value = '',
  onChange,
  id,
  compact = true,
}: {
  value?: string;
  onChange?(path: string): void;
  id?: string;
  /** Inside a Space.Compact (the link picker) rather than on lines of its own. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const [path = '', query = ''] = value.split('?');
  const page = SHOP_PAGES.find((p) => p.path === path);
  const param = page && 'param' in page ? page.param : undefined;
  const pick = page && 'pick' in page ? page.pick : undefined;
  const paramValue = param ? (new URLSearchParams(query).get(param) ?? '') : '';
  const pageSelect = (
    <Select
      id={id}
      aria-label={t('kit.link.page')}
      placeholder={t('kit.link.page')}
      value={path || undefined}
      onChange={(next: string) => onChange?.(pagePath(next))}
      options={[
        ...SHOP_PAGES.map((p) => ({
          value: p.path,
          label: `${t(`kit.link.pages.${p.name}`)}  ${p.path}`,
        })),
        // A path the catalogue does not have (typed before, or imported) stays choosable.
        ...(path && !page ? [{ value: path, label: path }] : []),
      ]}
      style={compact ? { minWidth: 0, flex: 1 } : { width: '100%' }}
    />
  );
  const paramPicker =
    param && pick ? (
      <ReferenceSelect
        to={pick}
        value={/^\d+$/.test(paramValue) ? Number(paramValue) : null}
        placeholder={t(`kit.link.pick.${pick}`)}
        style={compact ? { minWidth: 0, flex: 1 } : { width: '100%' }}
        onChange={(rowId) => onChange?.(pagePath(path, rowId ? String(rowId) : ''))}
        ariaLabel={t('kit.link.param', { name: param })}
      />
    ) : param ? (
      <Input
        aria-label={t('kit.link.param', { name: param })}
        placeholder={param}
        value={paramValue}
        onChange={(e) => onChange?.(pagePath(path, e.target.value.trim()))}
        style={{ width: 72, flex: 'none' }}
      />
    ) : null;
  return compact ? (
    <>
      {pageSelect}
      {paramPicker}
    </>
  ) : (
    <Space direction="vertical" style={{ width: '100%' }}>
      {pageSelect}
      {paramPicker}
    </Space>
  );
}
