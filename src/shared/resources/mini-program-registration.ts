import { datetime, defineResource, enumOf, integer, longText, phone, text } from '../resource';

export const REGISTRATION_KINDS = ['enterprise', 'individual'] as const;
export const REGISTRATION_STATUSES = ['submitted', 'confirming', 'success', 'failed'] as const;

/**
 * /mini-program-register-list: every application to register the merchant's mini-program with
 * the platform, each with its history; read only here. An application is made (or made again
 * after a failure) on /mini-program-register, through the platform (server/miniprogram), which
 * moves it: submitted → awaiting the legal person's confirmation → success with an appid, or
 * failed with the platform's reason.
 */
export const miniProgramRegistration = defineResource({
  name: 'mini-program-registration',
  route: 'mini-program-register-list',
  titles: {
    zh: { title: '注册申请', edit: '注册申请', menu: '注册申请列表' },
    en: { title: 'Registration applications', edit: 'Registration application' },
  },
  table: 'mini_program_registrations',
  menu: { group: '/mini-program', icon: 'UnorderedListOutlined', order: 1 },
  fields: {
    companyName: text({ readOnly: true, list: true }),
    kind: enumOf(REGISTRATION_KINDS, { readOnly: true, list: 90, filter: 'select' }),
    creditCode: text({ readOnly: true, list: 190 }),
    legalName: text({ readOnly: true, list: 100 }),
    legalWechat: text({ readOnly: true }),
    contactPhone: phone({ readOnly: true }),
    status: enumOf(REGISTRATION_STATUSES, { readOnly: true, list: 110, filter: 'select' }),
    appid: text({ readOnly: true, list: 170 }),
    reason: longText({ readOnly: true, list: 200 }),
    resubmitOf: integer({ readOnly: true, nullable: true }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true, filter: 'range' }),
  },
  titleField: 'companyName',
  keyword: ['companyName', 'creditCode', 'legalName'],
  actions: ['list', 'detail', 'export'],
  defaultSort: 'createdAt',
});

export default miniProgramRegistration;
