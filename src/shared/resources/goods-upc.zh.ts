import { type DictionaryOf, titlesOf } from '../resource';
import { goodsUpc } from './goods-upc';

export default {
  ...titlesOf(goodsUpc, 'zh'),
  noun: 'UPC 码',
  new: '新增 UPC 码',
  fields: {
    code: '编码',
    kind: '类型',
    status: '状态',
    source: '来源',
    heldBy: '所属商品 / SKU',
    heldGoodsId: '所属商品',
    listedOn: '刊登于',
    remark: '备注',
    createdAt: '入库时间',
  },
  enums: {
    kind: { UPC: 'UPC-A', EAN: 'EAN-13' },
    status: { unused: '未使用', assigned: '已分配', used: '已使用' },
    source: { manual: '手工添加', import: '批量导入', purchased: '平台购买' },
  },
  actions: { import: '批量导入 UPC 码', buy: '购买 UPC 码' },
  transitions: { release: '释放' },
  rules: {
    code: '不是有效的 UPC / EAN 编码（12 或 13 位数字，含校验位）',
    length:
      '不是有效的 UPC / EAN 编码：须是 12 位（UPC-A）或 13 位（EAN-13）数字，现为 {{length}} 位',
    checkDigit: '不是有效的 UPC / EAN 编码：校验位（最后一位）不对，按前面的数字应为 {{expected}}',
  },
  help: { code: '12 位 UPC-A 或 13 位 EAN-13，最后一位为校验位' },
  errors: {
    releaseListed:
      '不能释放 {{code}}：它属于商品“{{title}}”的 SKU {{sku}}，该 SKU 已刊登于 {{listings}}。平台以此编码识别该商品，释放后若给了别的商品会造成冲突',
    platformPrefix:
      '069 开头的 UPC 码（及 0069 开头的 EAN-13）由平台签发，只能通过“购买编码”获得，不能手工添加、导入或修改为此类编码',
    platformImport:
      '有 {{count}} 个编码以平台前缀 069 开头（如 {{codes}}）：这些编码由平台签发，只能购买，不能导入。请删去后再导入',
  },
  buyCodes: {
    whole: '购买数量须为整数',
    range: '一次可购买 1 至 {{max}} 个',
    open: '购买编码',
    title: '向平台购买 UPC 码',
    help: '平台签发的 UPC-A 编码（GS1 前缀 069），每个 {{price}} 元，从余额中扣除',
    count: '购买数量',
    total: '合计',
    balance: '当前余额',
    short: '余额不足以支付本次购买，请先充值',
    recharge: '去充值',
    send: '支付 ¥{{amount}}',
    done: '已购买 {{count}} 个编码，扣费 ¥{{amount}}：{{first}} 至 {{last}}',
    repeated: '这笔购买已完成',
  },
  importCodes: {
    open: '批量导入',
    title: '批量导入 UPC / EAN',
    help: '每行一个编码（也可用逗号或空格分隔），或选择 .txt / .csv 文件；一次最多 100000 个',
    file: '选择文件',
    send: '导入 {{count}} 个编码',
    report: '已导入 {{added}} 个；{{duplicates}} 个已存在或重复，未导入；{{invalidCount}} 个无效',
    invalid: '无效的编码（校验位不对或位数不对）：',
  },
  release: {
    title: '释放 UPC 码 {{code}}？',
    held: '它现在属于商品“{{title}}”的 SKU {{sku}}。释放后该规格将没有 UPC，编码回到码库，可分配给其他商品。',
    free: '它没有分配给任何规格，释放后回到未使用。',
    listed: '它属于商品“{{title}}”的 SKU {{sku}}，该 SKU 已刊登于 {{listings}}，不能释放。',
    ok: '释放',
    done: '已释放 {{code}}',
  },
  retired: '商品“{{title}}”（SKU {{sku}}）已删除；它曾刊登于 {{listings}}，编码停用，不再分配',
  keywordPlaceholder: '编码',
} satisfies DictionaryOf<typeof goodsUpc>;
