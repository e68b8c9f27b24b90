import type { zh } from './zh';

/** The storefront's own texts in English. */
export const en: typeof zh = {
  tabMenu: 'Menu',
  tabReviews: 'Reviews {{score}}',
  tabStore: 'Store',
  ratings: '{{count}} ratings',
  noReviews: 'No reviews yet',
  storeReply: 'Store reply: {{reply}}',
  hours: 'Open today',
  allDay: 'All day',
  closedToday: 'Closed today',
  storeAddress: 'Address',
  storePhone: 'Phone',
};
