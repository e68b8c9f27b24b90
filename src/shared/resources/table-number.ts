import { boolean, datetime, defineResource, integer, text } from '../resource';

/**
 * /table-number: the dining tables. Each has a QR code that opens the storefront for that table
 * (PNG, a ZIP of all, a printable PDF sheet); a customer ordering there is served at it.
 */
export const tableNumber = defineResource({
  name: 'table-number',
  route: 'table-number',
  titles: {
    zh: { title: '桌号', edit: '编辑桌号' },
    en: { title: 'Tables', edit: 'Edit table' },
  },
  table: 'table_numbers',
  menu: { group: '/store', icon: 'QrcodeOutlined', order: 3 },
  fields: {
    area: text({ max: 20, list: 140, sortable: true }),
    name: text({ required: true, max: 20, unique: true, list: true, sortable: true }),
    seats: integer({ min: 1, max: 99, default: 4, list: 80 }),
    enabled: boolean({ default: true, list: 90, filter: 'select' }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true }),
  },
  titleField: 'name',
  keyword: ['name', 'area'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export', 'import'],
  defaultSort: 'area',
  defaultOrder: 'asc',
  importKey: 'name',
});

export default tableNumber;
