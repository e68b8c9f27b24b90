import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFamilyParent, WAITING } from '../../../shared/resources/listing';
import { request } from '../../api/request';
import { dynamicKey } from '../../i18n/keys';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';
import { ListingBulk, RowDelist, RowRelist } from './bulk';
import { FamilyCell, FamilySection, familyFigure, ListingPhoneSummary } from './family';

const LISTING = '/admin/listing';

/** Why a listing is suppressed, in the UI's language, with the marketplace's own words beside. */
function Reason({ code, row }: { code: unknown; row: ResourceRow }) {
  const { t } = useTranslation('listing');
  if (!code) return null;
  const text: string = t(dynamicKey(`reasons.${String(code)}`));
  const detail = row.reasonDetail ? String(row.reasonDetail) : '';
  return (
    <Tooltip title={detail ? `${text}：${detail}` : text}>
      <Typography.Text type="danger" ellipsis>
        {text}
        {detail && <Typography.Text type="secondary"> {detail}</Typography.Text>}
      </Typography.Text>
    </Tooltip>
  );
}

/** A listing through a seller account is read back from the marketplace on request. */
function Refresh({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('listing');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => request<{ queued: boolean }>(`${LISTING}/refresh`, { id: row.id }),
    onSuccess: () => {
      void message.success(t('refresh.queued'));
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: [LISTING] }), 2000);
    },
  });
  if (!row.accountId) return null;
  return (
    <Button
      type="link"
      style={{ padding: 0 }}
      loading={refresh.isPending}
      onClick={() => refresh.mutate()}
    >
      {t('refresh.action')}
    </Button>
  );
}

/** A row's own actions: 下架 or 重新上架, and a real listing's refresh. */
function RowActions({ row }: { row: ResourceRow }) {
  return (
    <Space size="small">
      <RowDelist row={row} />
      <RowRelist row={row} />
      <Refresh row={row} />
    </Space>
  );
}

/**
 * /listing: a suppressed listing says why, in the UI's language; a real one refreshes. Chosen
 * listings change price or stock at once, go off sale or back on sale (bulk.tsx); one going off
 * or back on sale is not edited, and the list follows it until the marketplace has taken it.
 * A variation family shows as one: 父体 with its theme (no price or stock: —), 子体 naming its
 * parent, the drawer listing a parent's children or a child's parent (family.tsx).
 */
export default {
  cells: {
    reason: (value, row) => <Reason code={value} row={row} />,
    // A variation family's parent: 父体 with its theme, no price or stock of its own (family.tsx).
    variationTheme: (_, row) => <FamilyCell row={row} />,
    // The price in its currency (USD 13.70); a family's parent has none.
    price: (value, row) =>
      familyFigure(value, row) ?? (row.currency ? `${row.currency} ${value}` : String(value)),
    stock: familyFigure,
  },
  sections: { detail: FamilySection },
  // At most 重新上架 and 刷新 side by side.
  rowActions: { render: RowActions, width: 90 },
  bulk: ListingBulk,
  offers: (action, row) =>
    action !== 'edit' || !(WAITING.includes(String(row.status)) || isFamilyParent(row)),
  waiting: (row) => WAITING.includes(String(row.status)),
  // On a phone, under the SKU: its part in a family, and what it sells at.
  phoneSummary: ListingPhoneSummary,
} satisfies ResourceOverrides;
