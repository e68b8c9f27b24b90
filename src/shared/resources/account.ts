import {
  boolean,
  datetime,
  defineResource,
  enumOf,
  type FieldRule,
  secret,
  tags,
  text,
} from '../resource';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordPolicy,
  validAccountName,
} from '../validate';

/** The password policy, one check per rule, each with the message both sides show. */
const passwordChecks: FieldRule[] = [
  // (The longest is the field's `max`.)
  {
    test: (value) => value.length >= PASSWORD_MIN_LENGTH,
    message: 'password.length',
    params: { min: PASSWORD_MIN_LENGTH },
  },
  ...(['letter', 'digit'] as const).map((rule) => ({
    test: (value: string) => !passwordPolicy(value).includes(rule),
    message: `password.${rule}` as const,
  })),
];

/**
 * /permission-account: the merchant's sub-accounts and the routes each may open. Its own rules
 * (who may grant what, reach, the owner, hashing and ending sessions) are in
 * server/modules/account/hooks.ts; the route tree and the switch in web/features/account.
 */
export const account = defineResource({
  name: 'account',
  route: 'permission-account',
  titles: {
    zh: { title: '权限账号', edit: '编辑账号' },
    en: { title: 'Accounts', edit: 'Edit account' },
  },
  table: 'admins',
  menu: { group: '/setting', order: 3 },
  fields: {
    // Unique within the merchant, case-insensitive (admins_merchant_name_key); an owner's across
    // the platform (admins_owner_name_key).
    name: text({
      required: true,
      max: 32,
      createOnly: true,
      unique: true,
      rule: { test: validAccountName, message: 'account.nameRule' },
      list: true,
      sortable: true,
    }),
    /** What the account types to sign in: a sub-account's name at its store's code. */
    signInName: text({ readOnly: true, computed: true, list: 160 }),
    realname: text({ max: 64, list: true }),
    password: secret({ required: true, max: PASSWORD_MAX_LENGTH, rule: passwordChecks }),
    status: enumOf(['active', 'disabled'], { list: 110, filter: 'select' }),
    /** Route names (permission keys) the account may open. */
    permissions: tags({ max: 500, itemMax: 100, list: 120 }),
    isOwner: boolean({ readOnly: true }),
    // From the sign-ins (login_attempts), a page of rows at a time.
    lastLoginAt: datetime({ readOnly: true, computed: true, list: 160 }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true }),
  },
  titleField: 'name',
  keyword: ['name', 'realname'],
  actions: ['list', 'detail', 'create', 'update'],
  defaultSort: 'createdAt',
});

export default account;
