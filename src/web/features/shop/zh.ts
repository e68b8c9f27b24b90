/** The storefront's own texts (namespace `shop`): its tabs, reviews and store details. */
export const zh = {
  tabMenu: '点菜',
  tabReviews: '评价 {{score}}',
  tabStore: '商家',
  ratings: '{{count}} 条评分',
  noReviews: '暂无评价',
  storeReply: '商家回复：{{reply}}',
  hours: '今日营业',
  allDay: '全天营业',
  closedToday: '今日休息',
  storeAddress: '地址',
  storePhone: '电话',
};
