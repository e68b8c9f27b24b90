import { datetime, defineResource, enumOf, money, text } from '../resource';

export const LEDGER_TYPES = ['recharge', 'charge', 'refund', 'adjustment'] as const;

/**
 * /cost-center: the merchant's ledger, every move of its balance (recharges, charges, refunds,
 * adjustments), read only: entries are written by the cost centre's own services, never by hand.
 * The screen (features/cost-center) shows the balance and the monthly totals above this list.
 */
export const costCenter = defineResource({
  name: 'cost-center',
  route: 'cost-center',
  titles: {
    zh: { title: '收支明细', menu: '费用中心' },
    en: { title: 'Ledger', menu: 'Cost centre' },
  },
  table: 'ledger_entries',
  menu: { group: '/cost', icon: 'AccountBookOutlined', order: 0 },
  fields: {
    reference: text({ readOnly: true, list: 200 }),
    type: enumOf(LEDGER_TYPES, { readOnly: true, list: 90, filter: 'select' }),
    amount: money({ readOnly: true, list: 130 }),
    balanceAfter: money({ readOnly: true, list: 130 }),
    remark: text({ readOnly: true, list: true }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true, filter: 'range' }),
  },
  titleField: 'reference',
  keyword: ['reference', 'remark'],
  actions: ['list', 'detail', 'export'],
  defaultSort: 'createdAt',
});

export default costCenter;
