import { type DictionaryOf, titlesOf } from '../resource';
import { store } from './store';

export default {
  ...titlesOf(store, 'en'),
  noun: 'store details',
  new: '',
  fields: {
    name: 'Store name',
    logo: 'Logo',
    status: 'Status',
    notice: 'Notice',
    intro: 'Introduction',
    phone: 'Phone',
    address: 'Address',
    latitude: 'Latitude',
    longitude: 'Longitude',
    hours: 'Opening hours',
    updatedAt: 'Updated',
  },
  enums: { status: { open: 'Open', paused: 'Not taking orders', closed: 'Closed' } },
  help: {
    status: 'Paused or closed, customers can browse the menu but not order',
    latitude: 'Where it is on a map (e.g. 31.230416), for customers finding their way',
    longitude: 'e.g. 121.473701',
    hours: 'Several ranges a day; holidays apart (closed, or other hours). In China time',
  },
  hoursEditor: {
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    closed: 'Closed',
    addRange: 'Add hours',
    removeRange: 'Remove these hours',
    exceptions: 'Holidays',
    addException: 'Add a holiday',
    removeException: 'Remove the holiday',
    date: 'Date',
  },
  errors: { notOpen: 'The store is not open now: ordering is closed' },
} satisfies DictionaryOf<typeof store>;
