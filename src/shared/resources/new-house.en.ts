import { type DictionaryOf, titlesOf } from '../resource';
import { newHouse } from './new-house';

export default {
  ...titlesOf(newHouse, 'en'),
  noun: 'Project',
  new: 'New project',
  fields: {
    name: 'Project',
    developer: 'Developer',
    district: 'District',
    address: 'Address',
    propertyType: 'Property type',
    priceMin: 'From (¥/m²)',
    priceMax: 'To (¥/m²)',
    openingDate: 'Opening',
    deliveryDate: 'Delivery',
    unitTypes: 'Unit types',
    tags: 'Tags',
    images: 'Images',
    status: 'Status',
    createdAt: 'Listed',
  },
  enums: {
    propertyType: {
      residential: 'Residential',
      apartment: 'Apartment',
      villa: 'Villa',
      commercial: 'Commercial',
    },
    status: { upcoming: 'Upcoming', onSale: 'On sale', soldOut: 'Sold out' },
  },
  transitions: { open: 'Open', sellOut: 'Sold out' },
  rules: {
    priceRange: 'The highest price cannot be below the lowest',
    deliveryBeforeOpening: 'The handover date cannot be before the opening',
  },
  unitTypesEditor: {
    layout: 'Layout',
    layoutPlaceholder: 'e.g. 3 rooms, 2 halls',
    area: 'Area (m²)',
    price: 'From (10k ¥)',
    image: 'Floor plan',
    add: 'Add a unit type',
    remove: 'Remove the unit type',
    none: 'No unit types yet',
    line: '{{layout}}, {{area}} m², from {{price}} × 10k ¥',
  },
  keywordPlaceholder: 'Project, developer, district',
} satisfies DictionaryOf<typeof newHouse>;
