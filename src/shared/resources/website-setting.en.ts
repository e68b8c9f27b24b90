import { type DictionaryOf, titlesOf } from '../resource';
import { websiteSetting } from './website-setting';

export default {
  ...titlesOf(websiteSetting, 'en'),
  noun: 'website settings',
  new: '',
  fields: {
    websiteName: 'Website name',
    logoUrl: 'Logo',
    contactPhone: 'Contact phone',
    contactEmail: 'Contact email',
    address: 'Address',
    icpRecord: 'ICP filing number',
    description: 'Description',
    updatedAt: 'Updated',
  },
  enums: {},
  help: {
    websiteName: 'Shown in the browser title and the sidebar',
    icpRecord: 'Shown in the site footer',
  },
  rules: { contactPhone: 'Not a phone number' },
} satisfies DictionaryOf<typeof websiteSetting>;
