import {
  boolean,
  datetime,
  defineResource,
  enumOf,
  integer,
  references,
  secret,
  text,
} from '../resource';

/** The printer brands the product knows; only the sandbox has a working adapter here. */
export const PRINTER_BRANDS = ['sandbox', 'feie', 'yilianyun'] as const;
export type PrinterBrand = (typeof PRINTER_BRANDS)[number];
/** Paper width in millimetres: 58 mm prints 32 columns, 80 mm 48. */
export const PRINTER_PAPERS = ['58', '80'] as const;
export type PrinterPaper = (typeof PRINTER_PAPERS)[number];

/**
 * /printer: the store's cloud receipt printers. A printer prints test pages and, with auto-print,
 * every paid order, `copies` times, through its brand's adapter (src/server/printer); each
 * receipt is kept in the print log as it was printed. Online or offline is the adapter's to tell:
 * the sandbox printer is switched by hand (setOffline / setOnline), and what it is sent while
 * offline waits and prints when it is back.
 */
export const printer = defineResource({
  name: 'printer',
  route: 'printer',
  titles: {
    zh: { title: '打印机', edit: '编辑打印机' },
    en: { title: 'Printers', edit: 'Edit printer' },
  },
  table: 'printers',
  menu: { group: '/store', icon: 'PrinterOutlined', order: 1 },
  fields: {
    name: text({ required: true, max: 40, list: true }),
    brand: enumOf(PRINTER_BRANDS, { default: 'sandbox', list: 110, filter: 'select' }),
    serial: text({
      required: true,
      max: 32,
      unique: true,
      list: 160,
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: 'printer:rules.serial' },
    }),
    secretKey: secret({ max: 64 }),
    copies: integer({ min: 1, max: 5, default: 1, list: 70 }),
    paper: enumOf(PRINTER_PAPERS, { default: '58', list: 80 }),
    autoPrint: boolean({ default: true, list: 100, filter: 'select' }),
    // Split printing: a kitchen's or a bar's printer prints only its categories' lines.
    categoryIds: references('product-category', { list: 140 }),
    status: enumOf(['online', 'offline'], { readOnly: true, list: 90, filter: 'select' }),
    createdAt: datetime({ readOnly: true, sortable: true }),
  },
  titleField: 'name',
  keyword: ['name', 'serial'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export'],
  defaultSort: 'createdAt',
  transitions: {
    setOffline: { from: ['online'], to: 'offline' },
    setOnline: { from: ['offline'], to: 'online' },
  },
  page: { route: 'add-printer' },
});

export default printer;
