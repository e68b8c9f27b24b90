import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { rowLink } from '../../../shared/resource';
import { newHouse } from '../../../shared/resources/new-house';
import { secondHandHouse } from '../../../shared/resources/second-hand-house';
import { ViewLink } from '../../kit/cached-view';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';

/** Opens the listing where it is edited: a resale listing's page, a project in its list. */
function Open({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('house-list');
  const source = row.kind === 'newHouse' ? newHouse : secondHandHouse;
  return (
    <ViewLink to={rowLink(source, { id: Number(row.sourceId), title: row.title })}>
      {t('open')}
    </ViewLink>
  );
}

/** /house-list: each listing opens where it is edited; figures a kind lacks show as a dash. */
export default {
  rowActions: { render: Open, width: 40 },
  cells: {
    totalPrice: (value) => (value === null ? '—' : String(value)),
    area: (value) => (value === null ? '—' : String(value)),
    rooms: (value) => (value === null ? '—' : String(value)),
    unitPrice: (value) => (value === null ? '—' : `¥${formatMoney(String(value))}`),
  },
  phoneColumns: ['totalPrice', 'status'],
} satisfies ResourceOverrides;
