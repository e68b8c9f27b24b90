import { type DictionaryOf, titlesOf } from '../resource';
import { broker } from './broker';

export default {
  ...titlesOf(broker, 'en'),
  noun: 'Broker',
  new: 'New broker',
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
  handOver: 'Hand over',
  handOverTitle: 'Hand all listings of {{name}} over',
  handOverTo: 'To broker',
  handOverHelp: 'Once handed over, the broker is named on no listing and can be deleted',
  handOverDone: '{{count}} listings handed over',
  handOverNone: 'No listing to hand over',
  handOverSelf: 'A broker cannot hand over to itself',
  actions: { handOver: 'Hand a broker’s listings over' },
} satisfies DictionaryOf<typeof broker>;
