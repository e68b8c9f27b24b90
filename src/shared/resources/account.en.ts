import { type DictionaryOf, titlesOf } from '../resource';
import { account } from './account';

export default {
  ...titlesOf(account, 'en'),
  noun: 'account',
  new: 'New account',
  fields: {
    name: 'Account',
    signInName: 'Sign-in name',
    realname: 'Name',
    password: 'Password',
    status: 'Status',
    permissions: 'Pages it may open',
    isOwner: 'Store owner',
    lastLoginAt: 'Last sign-in',
    createdAt: 'Created',
  },
  enums: {
    status: { active: 'Active', disabled: 'Disabled' },
    isOwner: { true: 'Yes', false: 'No' },
  },
  keywordPlaceholder: 'Account or name',
  help: {
    name: '3–32 letters, digits or _ . @ -, starting with a letter or digit; cannot be changed later. A sub-account signs in as “account@store code”',
    password:
      'At least 8 characters with a letter and a digit, not the account name; a new one signs the account out',
    permissions: 'Takes effect at the account’s next request',
  },
  owner: 'Owner',
  allRoutes: 'All pages',
  routeCount_one: '{{count}} page',
  routeCount_other: '{{count}} pages',
} satisfies DictionaryOf<typeof account>;
