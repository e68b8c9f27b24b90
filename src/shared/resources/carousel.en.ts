import { type DictionaryOf, titlesOf } from '../resource';
import { carousel } from './carousel';

export default {
  ...titlesOf(carousel, 'en'),
  noun: 'slide',
  new: 'New slide',
  fields: {
    position: 'Position',
    title: 'Title',
    image: 'Image',
    link: 'Link',
    enabled: 'Enabled',
    startAt: 'Shown from',
    endAt: 'Shown until',
    sortOrder: 'Order',
  },
  enums: { enabled: { true: 'Enabled', false: 'Disabled' } },
  help: {
    link: 'The product, article, mini-program page or web address a tap on the slide opens',
    startAt: 'Empty: shown at once; drag rows to order them',
  },
  variants: { 1: 'Store home', 2: 'Mini-program home' },
  rules: { endAt: 'The end must be after the start' },
  keywordPlaceholder: 'Title',
} satisfies DictionaryOf<typeof carousel>;
