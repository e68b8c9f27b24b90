import { type DictionaryOf, titlesOf } from '../resource';
import { goodsUpc } from './goods-upc';

export default {
  ...titlesOf(goodsUpc, 'en'),
  noun: 'UPC code',
  new: 'New UPC code',
  fields: {
    code: 'Code',
    kind: 'Kind',
    status: 'Status',
    source: 'Source',
    heldBy: 'Goods / SKU',
    heldGoodsId: 'Goods',
    listedOn: 'Listed on',
    remark: 'Remark',
    createdAt: 'Added',
  },
  enums: {
    kind: { UPC: 'UPC-A', EAN: 'EAN-13' },
    status: { unused: 'Unused', assigned: 'Assigned', used: 'Used' },
    source: { manual: 'Added by hand', import: 'Imported', purchased: 'Bought' },
  },
  actions: { import: 'Import UPC codes', buy: 'Buy UPC codes' },
  transitions: { release: 'Release' },
  rules: {
    code: 'Not a valid UPC or EAN code (12 or 13 digits with its check digit)',
    length:
      'Not a valid UPC or EAN code: 12 digits (UPC-A) or 13 (EAN-13) are needed, not {{length}} characters',
    checkDigit:
      'Not a valid UPC or EAN code: the check digit (the last) is wrong; the other digits give {{expected}}',
  },
  help: { code: '12-digit UPC-A or 13-digit EAN-13; the last digit is the check digit' },
  errors: {
    releaseListed:
      'Cannot release {{code}}: it belongs to SKU {{sku}} of “{{title}}”, which is listed on {{listings}}. The marketplace knows the product by this code; given to another goods it would clash',
    platformPrefix:
      'UPC codes starting with 069 (and EAN-13 codes starting with 0069) are issued by the platform: buy them with “Buy codes”; no code can be added, imported or changed into one',
    platformImport:
      '{{count}} codes start with the platform’s prefix 069 (such as {{codes}}): the platform issues these, so they are bought, not imported. Remove them and import again',
  },
  buyCodes: {
    whole: 'Codes are bought whole: enter a whole number',
    range: 'One purchase buys 1 to {{max}} codes',
    open: 'Buy codes',
    title: 'Buy UPC codes from the platform',
    help: 'Codes issued by the platform (UPC-A, GS1 prefix 069), {{price}} yuan each, charged to your balance',
    count: 'How many',
    total: 'Total',
    balance: 'Balance',
    short: 'The balance does not cover this purchase: recharge first',
    recharge: 'Recharge',
    send: 'Pay ¥{{amount}}',
    done: '{{count}} codes bought for ¥{{amount}}: {{first}} to {{last}}',
    repeated: 'This purchase was made already',
  },
  importCodes: {
    open: 'Import codes',
    title: 'Import UPC / EAN codes',
    help: 'One code a line (or separated by commas or spaces), or choose a .txt / .csv file; at most 100,000 at a time',
    file: 'Choose a file',
    send: 'Import {{count}} codes',
    report:
      '{{added}} added; {{duplicates}} already there or repeated, not added; {{invalidCount}} not valid',
    invalid: 'Codes that are not valid (wrong check digit or length):',
  },
  release: {
    title: 'Release UPC code {{code}}?',
    held: 'It belongs to SKU {{sku}} of “{{title}}”. Released, that variant has no UPC and the code goes back to the pool, for any goods.',
    free: 'No variant holds it; released, it is unused again.',
    listed:
      'It belongs to SKU {{sku}} of “{{title}}”, which is listed on {{listings}}: it cannot be released.',
    ok: 'Release',
    done: '{{code}} released',
  },
  retired:
    '“{{title}}” (SKU {{sku}}) was deleted; it had been listed on {{listings}}, so the code is retired and never given again',
  keywordPlaceholder: 'Code',
} satisfies DictionaryOf<typeof goodsUpc>;
