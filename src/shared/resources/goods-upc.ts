import { isGtin } from '../gtin';
import { datetime, defineResource, enumOf, integer, longText, text } from '../resource';

/**
 * /goods-upc: the UPC/EAN pool. Codes come in by the thousand (pasted or from a file), each with
 * its check digit verified and never twice; a code is unused until given to a variant, and used
 * (retired, never given again) once the goods that carried it on a marketplace is deleted.
 */
export const goodsUpc = defineResource({
  name: 'goods-upc',
  route: 'goods-upc',
  titles: {
    zh: { title: 'UPC 码库', edit: '编辑 UPC 码' },
    en: { title: 'UPC codes', edit: 'Edit UPC code' },
  },
  table: 'goods_upc',
  menu: { group: '/goods', icon: 'BarcodeOutlined', order: 3 },
  fields: {
    code: text({
      required: true,
      max: 13,
      unique: true,
      list: true,
      sortable: true,
      rule: { test: isGtin, message: 'goods-upc:rules.code' },
    }),
    // Told by the length: 12 digits UPC-A, 13 EAN-13.
    kind: enumOf(['UPC', 'EAN'], { readOnly: true, list: 80, filter: 'select' }),
    status: enumOf(['unused', 'assigned', 'used'], { readOnly: true, list: 100, filter: 'select' }),
    source: enumOf(['manual', 'import', 'purchased'], { readOnly: true, list: 100 }),
    // Who carries the code (goods / SKU) and where that SKU is listed: the hooks fill them in.
    heldBy: text({ readOnly: true, computed: true, list: 220 }),
    heldGoodsId: integer({ readOnly: true, computed: true }),
    listedOn: text({ readOnly: true, computed: true, list: 180 }),
    remark: longText({ max: 200, list: true }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true, filter: 'range' }),
  },
  titleField: 'code',
  keyword: ['code'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export'],
  defaultSort: 'createdAt',
  transitions: { release: { from: ['assigned'], to: 'unused', confirm: true } },
  page: { route: 'goods-upc-store' },
});

export default goodsUpc;
