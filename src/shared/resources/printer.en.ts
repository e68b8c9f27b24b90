import { type DictionaryOf, titlesOf } from '../resource';
import { printer } from './printer';

export default {
  ...titlesOf(printer, 'en'),
  noun: 'printer',
  new: 'Add printer',
  fields: {
    name: 'Name',
    brand: 'Brand',
    serial: 'Serial number (SN)',
    secretKey: 'Secret key',
    copies: 'Copies',
    paper: 'Paper',
    autoPrint: 'Auto-print',
    categoryIds: 'Prints categories',
    status: 'Status',
    createdAt: 'Added',
  },
  rules: {
    serial: 'Letters, digits, - and _ only',
    serialTaken: 'The SN {{serial}} is already the printer “{{name}}”’s (in any case)',
  },
  enums: {
    brand: { sandbox: 'Sandbox printer', feie: 'Feie Cloud', yilianyun: 'Yilianyun' },
    paper: { '58': '58 mm', '80': '80 mm' },
    status: { online: 'Online', offline: 'Offline' },
    autoPrint: { true: 'Prints paid orders', false: 'Off' },
  },
  transitions: { setOffline: 'Set offline', setOnline: 'Set online' },
  help: {
    brand:
      'The sandbox printer prints into the print log, to try everything; Feie and Yilianyun print once the server has their account configured, else printing to them fails as not connected',
    serial: 'The SN on the label under the printer',
    secretKey:
      "The KEY on the printer's label (Yilianyun: the device key): saving adds the printer to the cloud account; write-only, not shown again, leave empty to keep it",
    copies: 'Each receipt prints 1–5 times',
    autoPrint: 'Print a receipt when an order is paid',
    categoryIds:
      'Split printing: with categories (a kitchen, a bar) it prints only their items, without money; with none, the whole order',
  },
  keywordPlaceholder: 'Name / SN',
  notConnected: 'Not connected',
  errors: {
    notConfigured:
      '{{brand}} printers are not connected on this server: nothing can print (only the sandbox printer works)',
    sandboxOnly: 'Only a sandbox printer is set online or offline by hand',
    refused: '{{brand}} did not add this printer: {{reason}}',
    elsewhere: 'Another store has added this printer: delete it there first',
    noPrinter: 'No printer to print on',
  },
  testPrint: {
    action: 'Test print',
    queued: 'Test page sent',
    title: 'Test page',
    line: 'This is a test receipt',
    paper: 'Paper',
    copies: 'Copies',
    time: 'Time',
    footer: 'Printing works. Thank you',
  },
  log: {
    action: 'Print log',
    title: 'Print log of {{name}}',
    empty: 'Nothing printed yet',
    source: { test: 'Test', order: 'Order' },
    status: { waiting: 'Waiting', printed: 'Printed', failed: 'Failed' },
    order: 'Order {{orderNo}}',
    reprint: 'Reprint',
    reprintConfirm: 'Print the receipt of order {{orderNo}} again on “{{name}}”?',
    reprintThis: 'Print this receipt again on “{{name}}”?',
    reprinted: 'Sent to the printer again',
    gone: 'No such receipt in the log',
    createdAt: 'Sent',
    printedAt: 'Printed',
    refresh: 'Refresh',
  },
  actions: { testPrint: 'Print a test page', reprint: 'Reprint a receipt' },
} satisfies DictionaryOf<typeof printer>;
