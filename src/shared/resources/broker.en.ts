import type { DictionaryOf } from '../resource';
import type { broker } from './broker';

export default {
  title: 'Brokers',
  noun: 'Broker',
  new: 'New broker',
  edit: 'Edit broker',
  fields: {
    name: 'Name',
    phone: 'Phone',
    avatar: 'Avatar',
    agency: 'Agency',
    licenceNo: 'Licence no.',
    serviceAreas: 'Service areas',
    onSaleCount: 'On sale',
    soldCount: 'Sold',
    createdAt: 'Joined',
  },
  enums: {},
  help: { serviceAreas: 'Press Enter after each, e.g. Pudong, Xuhui' },
  keywordPlaceholder: 'Name, phone, agency',
} satisfies DictionaryOf<typeof broker>;
