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
  productReviews: 'Reviews of this dish',
  moreReviews: 'More reviews',
  photoOf: '{{name}}, photo {{n}}',
  photoPrev: 'Previous photo',
  photoNext: 'Next photo',
  openProduct: 'Open {{name}}',
};
