import type { DictionaryOf } from '../resource';
import type { sellingPartner } from './selling-partner';

export default {
  title: 'Selling partners',
  noun: 'Selling partner',
  new: 'New partner',
  edit: 'Edit partner',
  fields: {
    name: 'Name',
    phone: 'Phone',
    level: 'Level',
    commissionRate: 'Commission (%)',
    inviteCode: 'Invite code',
    status: 'Status',
    customerCount: 'Customers',
    orderCount: 'Orders',
    commissionEarned: 'Earned (¥)',
    commissionSettled: 'Settled (¥)',
    remark: 'Remark',
    createdAt: 'Joined',
  },
  enums: {
    level: { bronze: 'Standard', silver: 'Silver', gold: 'Gold' },
    status: {
      pending: 'Pending',
      approved: 'Approved',
      rejected: 'Rejected',
      disabled: 'Disabled',
    },
  },
  transitions: { approve: 'Approve', reject: 'Reject', disable: 'Disable', enable: 'Enable' },
  help: {
    commissionRate: 'Percent of what the customer paid for the goods (not delivery), 0 to 50',
  },
  rules: {
    inUse: 'Partner “{{name}}” has orders and cannot be deleted; disable them instead',
  },
  keywordPlaceholder: 'Name, phone, invite code',
  notApproved: 'Partner “{{name}}” is not approved yet and cannot invite',
  applied: 'This phone number has applied already: the store will review it',
  invite: 'Invite',
  inviteTitle: '{{name}}’s invite link',
  inviteHint: 'Orders placed through this link count for the partner; paid ones earn commission',
  download: 'Download code',
  settle: 'Settle',
  settleTitle: 'Settle {{name}}’s commission',
  settleUntil: 'Settle up to',
  settleUntilHelp:
    'Orders paid before this time are settled; commission refunded since is taken back',
  settleOk: 'Settled {{count}} orders, ¥{{amount}} in all',
  settleNothing: 'No commission to settle',
  settlements: 'Settlements',
  settlementsEmpty: 'No settlements yet',
  settledAt: 'Settled',
  settleOrders: 'Orders',
  settleAmount: 'Amount (¥)',
  operator: 'By',
} satisfies DictionaryOf<typeof sellingPartner>;
