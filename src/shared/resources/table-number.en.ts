import { type DictionaryOf, titlesOf } from '../resource';
import { tableNumber } from './table-number';

export default {
  ...titlesOf(tableNumber, 'en'),
  noun: 'table',
  new: 'New table',
  fields: {
    area: 'Area',
    name: 'Table',
    seats: 'Seats',
    enabled: 'Enabled',
    createdAt: 'Added',
  },
  enums: { enabled: { true: 'Enabled', false: 'Disabled' } },
  help: { area: 'e.g. Hall, Private room, Terrace', name: 'Unique in the store, e.g. A01' },
  keywordPlaceholder: 'Table / area',
  qr: {
    action: 'QR code',
    title: 'QR code of {{name}}',
    download: 'Download',
    hint: 'Customers scan it to order at this table',
    zip: 'Download all (ZIP)',
    pdf: 'Print sheet (PDF)',
    none: 'No tables yet',
    noArea: 'No area',
    scan: 'Scan to order',
    store: 'Store QR code',
    storeHint: 'Customers away from a table (pickup, delivery) scan it to open the store',
    poster: 'Download poster (PDF)',
    posterLine: 'Scan to order · pick up in store',
  },
} satisfies DictionaryOf<typeof tableNumber>;
