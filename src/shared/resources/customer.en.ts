import type { DictionaryOf } from '../resource';
import type { customer } from './customer';

export default {
  title: 'Customers',
  noun: 'customer',
  new: 'New customer',
  edit: 'Edit customer',
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
