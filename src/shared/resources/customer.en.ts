import { type DictionaryOf, titlesOf } from '../resource';
import { customer } from './customer';

export default {
  ...titlesOf(customer, 'en'),
  noun: 'customer',
  new: 'New customer',
  fields: {
    name: 'Name',
    phone: 'Phone',
    gender: 'Gender',
    source: 'Source',
    tags: 'Tags',
    orderCount: 'Orders',
    totalSpent: 'Total spent',
    registeredAt: 'Registered',
    lastActiveAt: 'Last active',
    remark: 'Remark',
  },
  enums: {
    gender: { male: 'Male', female: 'Female', unknown: 'Unknown' },
    source: {
      store: 'Store',
      'mini-program': 'Mini program',
      wechat: 'WeChat',
      referral: 'Referral',
      import: 'Import',
      other: 'Other',
    },
  },
  keywordPlaceholder: 'Name or phone',
} satisfies DictionaryOf<typeof customer>;
