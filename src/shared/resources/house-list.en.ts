import { type DictionaryOf, titlesOf } from '../resource';
import { houseList } from './house-list';

export default {
  ...titlesOf(houseList, 'en'),
  noun: 'Listing',
  new: '',
  fields: {
    title: 'Listing',
    kind: 'Kind',
    district: 'District',
    community: 'Community / developer',
    totalPrice: 'Price (10k ¥)',
    unitPrice: 'Unit price (¥/m²)',
    area: 'Area (m²)',
    rooms: 'Rooms',
    status: 'Status',
    brokerId: 'Broker',
    sourceId: 'No.',
    createdAt: 'Listed',
  },
  enums: {
    kind: { secondHand: 'Resale', newHouse: 'New house' },
    status: {
      onSale: 'On sale',
      reserved: 'Reserved',
      sold: 'Sold',
      withdrawn: 'Withdrawn',
      upcoming: 'Upcoming',
      soldOut: 'Sold out',
    },
  },
  keywordPlaceholder: 'Listing, district, community',
  open: 'Open',
} satisfies DictionaryOf<typeof houseList>;
