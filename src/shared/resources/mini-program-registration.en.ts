import { type DictionaryOf, titlesOf } from '../resource';
import { miniProgramRegistration } from './mini-program-registration';

export default {
  ...titlesOf(miniProgramRegistration, 'en'),
  noun: 'registration application',
  new: 'Register the mini-program',
  fields: {
    companyName: 'Entity name',
    kind: 'Entity type',
    creditCode: 'Unified social credit code',
    legalName: "Legal person's name",
    legalWechat: "Legal person's WeChat ID",
    contactPhone: 'Contact phone',
    status: 'Status',
    appid: 'AppID',
    reason: 'Reason for failure',
    resubmitOf: 'Resubmits',
    createdAt: 'Submitted',
  },
  enums: {
    kind: { enterprise: 'Enterprise', individual: 'Individual business' },
    status: {
      submitted: 'Submitted',
      confirming: "Awaiting legal person's confirmation",
      success: 'Registered',
      failed: 'Failed',
    },
  },
  keywordPlaceholder: 'Entity, credit code, legal person',
  help: {
    creditCode: '18 characters; the last one is a check character',
    legalWechat: 'The legal person is asked to confirm in WeChat',
  },
  rules: {
    legalWechat: 'A WeChat ID starts with a letter: 6–20 letters, digits, _ or -',
  },
  creditCodeRules: {
    length: 'A unified social credit code has 18 characters',
    characters: 'A unified social credit code holds digits and capitals only (no I, O, Z, S, V)',
    region: 'Characters 3–8 of a unified social credit code are a region code (6 digits)',
    check: "The unified social credit code's check character is wrong: please check the code",
  },
  errors: {
    inProgress: 'An application is being processed: please wait for its result',
    registered: 'The mini-program is registered already (AppID {{appid}})',
    notFailed: 'Only a failed application can be submitted again',
    notRegistered: 'Register the mini-program first',
    noAnswer: 'The platform gave no answer in time',
  },
  actions: { submit: 'Submit a registration', resubmit: 'Resubmit a registration' },
  screen: {
    intro:
      "Register the merchant's own mini-program through the platform: once the entity's details are in, the legal person is asked to confirm in WeChat, and the platform gives the AppID.",
    submit: 'Submit',
    resubmit: 'Submit again',
    submitted: 'Submitted: the platform is processing it',
    resubmitting: 'Submitting failed application #{{id}} again',
    current: 'Current application',
    confirmHint:
      "The legal person confirms in WeChat. In the sandbox, play the legal person on the platform's page:",
    confirmPage: "Open the legal person's confirmation (sandbox)",
    registered: 'Registered, AppID:',
    failedHint: 'The application failed: {{reason}}',
    history: 'History',
    toList: 'All applications',
  },
} satisfies DictionaryOf<typeof miniProgramRegistration>;
