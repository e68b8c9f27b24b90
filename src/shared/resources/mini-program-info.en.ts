import { type DictionaryOf, titlesOf } from '../resource';
import { miniProgramInfo } from './mini-program-info';

export default {
  ...titlesOf(miniProgramInfo, 'en'),
  noun: 'info change',
  new: 'Change the basic info',
  fields: {
    name: 'Name',
    avatar: 'Avatar',
    intro: 'Introduction',
    categories: 'Service categories',
    status: 'Review',
    reason: 'Reason for rejection',
    createdAt: 'Submitted',
  },
  enums: { status: { reviewing: 'In review', approved: 'Approved', rejected: 'Rejected' } },
  keywordPlaceholder: 'Name',
  rules: {
    intro: 'An introduction has at least 4 characters',
    categories: 'Choose at least one service category',
  },
  nameRules: {
    length: 'A name is 4–30 characters long (a Chinese character counts 2)',
    characters: 'A name holds Chinese characters, letters, digits, spaces and + - & · only',
    digits: 'A name cannot be digits only',
    spaces: 'A name neither starts nor ends with a space, nor holds two in a row',
    brand: 'A name cannot hold the platform\'s brand words ("WeChat", "mini-program", …)',
  },
  categories: {
    'food-fastFood': 'Food · Fast food',
    'food-drinks': 'Food · Drinks',
    'food-bakery': 'Food · Bakery',
    'food-restaurant': 'Food · Restaurant',
    'retail-general': 'Retail · General',
    'retail-fresh': 'Retail · Fresh food',
    'life-housekeeping': 'Services · Housekeeping',
    'realEstate-agency': 'Real estate · Agency',
    'education-training': 'Education · Training',
  },
  errors: {
    reviewing: 'A change is in review already: wait for its result',
    unchanged: 'Nothing changed',
  },
  actions: { submit: 'Submit a change of the basic info' },
  screen: {
    live: 'Live now',
    edit: 'Change the basic info',
    submit: 'Submit for review',
    submitted: "Submitted for the platform's review: it applies once approved",
    pending: 'Change "{{name}}" in review',
    notSet: 'Not set',
    help: "A change applies once the platform's review approves it",
    changes: 'Changes',
  },
} satisfies DictionaryOf<typeof miniProgramInfo>;
