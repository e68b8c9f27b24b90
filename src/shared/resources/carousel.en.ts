import type { DictionaryOf } from '../resource';
import type { carousel } from './carousel';

export default {
  title: 'Carousel',
  noun: 'slide',
  new: 'New slide',
  edit: 'Edit slide',
  fields: {
    title: 'Title',
    image: 'Image',
    link: 'Link',
    enabled: 'Enabled',
    startAt: 'Shown from',
    endAt: 'Shown until',
    sortOrder: 'Order',
  },
  rules: {
    link: 'product:<id>, article:<id>, a page path starting with /, or an http(s) address',
  },
  enums: { enabled: { true: 'Enabled', false: 'Disabled' } },
  help: {
    link: 'e.g. product:12, article:3, /pages/menu or https://…',
    startAt: 'Empty: shown at once; drag rows to order them',
  },
  keywordPlaceholder: 'Title',
} satisfies DictionaryOf<typeof carousel>;
