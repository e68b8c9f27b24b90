import { useQuery } from '@tanstack/react-query';
import { Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFamilyParent } from '../../../shared/resources/listing';
import { request } from '../../api/request';
import { dynamicKey } from '../../i18n/keys';
import { ViewLink } from '../../kit/cached-view';
import type { ResourceRow } from '../../kit/resource-overrides';

const LISTING = '/admin/listing';

/** The list filtered to a family: the parent and its children (listing/hooks.ts). */
const familyPath = (parentSku: string) => `/listing?parentSku=${encodeURIComponent(parentSku)}`;

/** A theme in words: SizeColor → 尺码+颜色 (an attribute it does not know, as the marketplace names it). */
export function useThemeWords() {
  const { t } = useTranslation('listing');
  return (theme: string) =>
    (theme.match(/[A-Z][a-z]*/g) ?? [theme])
      .map((name) => t(`family.themes.${name}`, { defaultValue: name }))
      .join('+');
}

/**
 * A row's part in its variation family: 父体 with the theme in words (its SKU filters the list to
 * the family), 子体 naming its parent (a link to the family), nothing for a single listing.
 */
export function FamilyCell({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('listing');
  const words = useThemeWords();
  const theme = String(row.variationTheme ?? '');
  if (!theme) return <Typography.Text type="secondary">{t('family.single')}</Typography.Text>;
  const parentSku = isFamilyParent(row) ? String(row.sellerSku) : String(row.parentSku);
  // Inline, so that a narrow cell cuts the parent's SKU with an ellipsis (named in full on hover).
  return isFamilyParent(row) ? (
    <span>
      <Tag color="purple">{t('family.parent')}</Tag>
      <ViewLink to={familyPath(parentSku)} title={t('family.showFamily')}>
        {words(theme)}
      </ViewLink>
    </span>
  ) : (
    <span>
      <Tag color="blue">{t('family.child')}</Tag>
      <ViewLink
        to={familyPath(parentSku)}
        title={`${t('family.ofParent', { sku: parentSku })} · ${t('family.showFamily')}`}
      >
        {t('family.ofParent', { sku: parentSku })}
      </ViewLink>
    </span>
  );
}

/** A parent's price or stock: it has none of its own (its children are sold), shown as —. */
export function familyFigure(_value: unknown, row: ResourceRow) {
  if (!isFamilyParent(row)) return undefined;
  return <FamilyDash />;
}

function FamilyDash() {
  const { t } = useTranslation('listing');
  return (
    <Typography.Text type="secondary" title={t('family.notSold')}>
      —
    </Typography.Text>
  );
}

/**
 * The detail drawer's family: a child's parent, a parent's children (their price, stock and
 * status), and the link to the whole family in the list.
 */
export function FamilySection({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('listing');
  const words = useThemeWords();
  const theme = String(row.variationTheme ?? '');
  const parent = isFamilyParent(row);
  const parentSku = parent ? String(row.sellerSku) : String(row.parentSku ?? '');
  const family = useQuery({
    queryKey: [LISTING, 'family', parentSku, row.marketplace, row.site],
    queryFn: () =>
      request<{ items: ResourceRow[] }>(`${LISTING}/list`, {
        page: 1,
        limit: 100,
        sort: 'updatedAt',
        order: 'desc',
        parentSku,
        marketplace: row.marketplace,
        site: row.site,
      }),
    enabled: !!theme && !!parentSku,
  });
  if (!theme || !parentSku) return null;
  const items = family.data?.items ?? [];
  if (!parent) {
    const own = items.find((i) => i.sellerSku === parentSku);
    return (
      <section aria-label={t('family.parentTitle')} style={{ marginTop: 16 }}>
        <Typography.Title level={5}>{t('family.parentTitle')}</Typography.Title>
        <Space direction="vertical" size={4}>
          <Space size={4}>
            <Tag color="purple">{t('family.parent')}</Tag>
            <ViewLink to={familyPath(parentSku)}>{parentSku}</ViewLink>
            <Typography.Text type="secondary">{words(theme)}</Typography.Text>
          </Space>
          {own && <Typography.Text type="secondary">{String(own.title)}</Typography.Text>}
        </Space>
      </section>
    );
  }
  const children = items.filter((i) => i.parentSku === parentSku);
  return (
    <section
      aria-label={t('family.childrenTitle', { count: children.length })}
      style={{ marginTop: 16 }}
    >
      <Typography.Title level={5}>
        {t('family.childrenTitle', { count: children.length })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {words(theme)} · {t('family.notSold')}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="id"
        loading={family.isLoading}
        pagination={false}
        dataSource={children}
        locale={{ emptyText: t('family.noChildren') }}
        columns={[
          { key: 'sku', title: t('fields.sellerSku'), dataIndex: 'sellerSku' },
          {
            key: 'price',
            title: t('fields.price'),
            render: (_, child) => `${String(child.price)} ${String(child.currency)}`,
          },
          { key: 'stock', title: t('fields.stock'), dataIndex: 'stock' },
          {
            key: 'status',
            title: t('fields.status'),
            render: (_, child) => t(dynamicKey(`enums.status.${String(child.status)}`)),
          },
        ]}
      />
      <ViewLink to={familyPath(parentSku)}>{t('family.showFamily')}</ViewLink>
    </section>
  );
}

/**
 * A listing on a phone, under its SKU: its part in a family (父体 with its theme, 子体) and what
 * it sells at; a parent sells at nothing of its own. The drawer names a child's parent.
 */
export function ListingPhoneSummary({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('listing');
  const words = useThemeWords();
  const theme = String(row.variationTheme ?? '');
  const parent = isFamilyParent(row);
  return (
    <Space size={4} style={{ display: 'flex', fontSize: 12 }}>
      {theme && (
        <Tag color={parent ? 'purple' : 'blue'} style={{ marginInlineEnd: 0 }}>
          {t(parent ? 'family.parent' : 'family.child')}
        </Tag>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {parent
          ? words(theme)
          : `${String(row.price)} ${String(row.currency)} · ${t(dynamicKey(`enums.status.${String(row.status)}`))}`}
      </Typography.Text>
    </Space>
  );
}
