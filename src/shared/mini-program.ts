import { z } from 'zod';
import { creditCodeProblem } from './credit-code';
import { messageKey as m } from './messages';
import type { INFO_STATUSES } from './resources/mini-program-info';
import { REGISTRATION_KINDS, REGISTRATION_STATUSES } from './resources/mini-program-registration';
import { TEMPLATE_IDS, type VERSION_STATUSES } from './resources/mini-program-version';

/**
 * The mini-program's rules (DOMAIN.md "Mini-program"), for the server, the sandbox platform and
 * the screens: registration applications, info changes and code versions, each a small state
 * machine; the platform's rules on a name; what publishing costs.
 */

export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export type InfoStatus = (typeof INFO_STATUSES)[number];

export type VersionStatus = (typeof VERSION_STATUSES)[number];

/** The moves each machine allows: from → the states it may go to. */
export const MACHINES = {
  registration: {
    submitted: ['confirming', 'success', 'failed'],
    confirming: ['success', 'failed'],
    success: [],
    failed: [],
  },
  info: { reviewing: ['approved', 'rejected'], approved: [], rejected: [] },
  version: {
    uploaded: ['reviewing', 'superseded'],
    reviewing: ['approved', 'rejected'],
    approved: ['released', 'superseded'],
    rejected: ['reviewing', 'superseded'],
    released: ['superseded', 'rolledBack'],
    superseded: ['released'],
    rolledBack: [],
  },
} as const satisfies Record<string, Record<string, readonly string[]>>;
export type Machine = keyof typeof MACHINES;

/** Whether `machine` may move from `from` to `to` (a repeated or stale move may not). */
export function canMove(machine: Machine, from: string, to: string): boolean {
  const moves = (MACHINES[machine] as Record<string, readonly string[]>)[from];
  return !!moves && moves.includes(to);
}

/** Whether a state is final: nothing more will happen to it on the platform's side. */
export function isSettled(machine: Machine, status: string): boolean {
  if (machine === 'version') return status !== 'reviewing';
  return ((MACHINES[machine] as Record<string, readonly string[]>)[status] ?? []).length === 0;
}

/** What releasing one version costs the merchant's balance (the cost centre), in yuan. */
export const RELEASE_PRICE = '30.00';

/** The service categories the platform offers (a mini-program names one to five). */
export const SERVICE_CATEGORIES = [
  'food-fastFood',
  'food-drinks',
  'food-bakery',
  'food-restaurant',
  'retail-general',
  'retail-fresh',
  'life-housekeeping',
  'realEstate-agency',
  'education-training',
] as const;
export const CATEGORIES_MAX = 5;

/**
 * A name's length as the platform counts it: a Chinese character (or any character outside
 * ASCII) counts two, others one.
 */
export const nameLength = (name: string) =>
  [...name].reduce((n, c) => n + (c.charCodeAt(0) > 0x7f ? 2 : 1), 0);
export const NAME_MIN = 4;
export const NAME_MAX = 30;
/** Words a name may not hold: the platform's own brands. */
const BRAND_WORDS = ['微信', '小程序', 'wechat', 'weixin'];

/** Why a name breaks the platform's rules (every rule it breaks), by the dictionary's ids. */
export type NameProblem = 'length' | 'characters' | 'digits' | 'brand' | 'spaces';

export function nameProblems(name: string): NameProblem[] {
  const problems: NameProblem[] = [];
  const length = nameLength(name);
  if (length < NAME_MIN || length > NAME_MAX) problems.push('length');
  // Chinese characters, letters, digits, spaces and + - & ·.
  if (!/^[\p{Script=Han}A-Za-z0-9 +\-&·]*$/u.test(name)) problems.push('characters');
  if (/^\d+$/.test(name)) problems.push('digits');
  if (name !== name.trim() || / {2}/.test(name)) problems.push('spaces');
  const lower = name.toLowerCase();
  if (BRAND_WORDS.some((word) => lower.includes(word))) problems.push('brand');
  return problems;
}

/** The dictionary's message for a name problem. */
export const nameMessage = (problem: NameProblem) => m(`mini-program-info:nameRules.${problem}`);
/** The dictionary's message for a credit code problem. */
export const creditCodeMessage = (problem: string) =>
  m(`mini-program-registration:creditCodeRules.${problem}`);

const trimmed = (max: number) => z.string().trim().min(1, m('validation.required')).max(max);

/** A registration application, as the form sends it (and a resubmission, naming the failed one). */
export const registerBody = z
  .object({
    kind: z.enum(REGISTRATION_KINDS),
    companyName: trimmed(60),
    creditCode: z
      .string()
      .trim()
      .toUpperCase()
      .superRefine((code, ctx) => {
        const problem = creditCodeProblem(code);
        if (problem) ctx.addIssue({ code: 'custom', message: creditCodeMessage(problem) });
      }),
    legalName: trimmed(30),
    legalWechat: z
      .string()
      .trim()
      .regex(/^[A-Za-z][-_A-Za-z0-9]{5,19}$/, m('mini-program-registration:rules.legalWechat')),
    contactPhone: z
      .string()
      .trim()
      .regex(/^1\d{10}$/, m('validation.phone')),
    resubmitOf: z.number().int().positive().optional(),
  })
  .strict();
export type RegisterBody = z.input<typeof registerBody>;

/** A change of the basic info, as the form sends it. */
export const infoBody = z
  .object({
    name: z
      .string()
      .trim()
      .superRefine((name, ctx) => {
        for (const problem of nameProblems(name))
          ctx.addIssue({ code: 'custom', message: nameMessage(problem) });
      }),
    avatar: z.string().trim().min(1, m('validation.required')).max(500),
    intro: z.string().trim().min(4, m('mini-program-info:rules.intro')).max(120),
    categories: z
      .array(z.enum(SERVICE_CATEGORIES))
      .min(1, m('mini-program-info:rules.categories'))
      .max(CATEGORIES_MAX),
  })
  .strict();
export type InfoBody = z.input<typeof infoBody>;

export const uploadBody = z
  .object({
    templateId: z.enum(TEMPLATE_IDS),
    description: z.string().trim().max(200).default(''),
  })
  .strict();

export const versionRef = z.object({ id: z.number().int().positive() }).strict();

/**
 * A release: `replaceNewer` says the merchant was told that the version live now is newer and
 * chose to put this older one over it.
 */
export const releaseBody = z
  .object({ id: z.number().int().positive(), replaceNewer: z.boolean().default(false) })
  .strict();

/** Two versions' order, segment by segment as numbers: 1.3.0.1 > 1.3.0 > 1.2.10 > 1.2.9. */
export function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** One entry of an application's, a change's or a version's history. */
export const historyEntry = z.object({
  id: z.number(),
  status: z.string(),
  note: z.string(),
  actor: z.string(),
  createdAt: z.string(),
});
export const historyResult = z.object({ items: z.array(historyEntry) });
export type HistoryEntry = z.infer<typeof historyEntry>;

/** The merchant's mini-program as it stands: its appid once registered, its live info. */
export const accountState = z.object({
  appid: z.string().nullable(),
  name: z.string(),
  avatar: z.string(),
  intro: z.string(),
  categories: z.array(z.string()),
  /** The latest application (what the register screen shows), if any. */
  registration: z
    .object({
      id: z.number(),
      status: z.enum(REGISTRATION_STATUSES),
      kind: z.enum(REGISTRATION_KINDS),
      companyName: z.string(),
      creditCode: z.string(),
      legalName: z.string(),
      legalWechat: z.string(),
      contactPhone: z.string(),
      reason: z.string(),
      /** Where the legal person confirms (the sandbox's page), while it waits for them. */
      confirmUrl: z.string().nullable(),
    })
    .nullable(),
  /** A change of the info under review. */
  pendingInfo: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The version live now, and whether a rollback can bring back the one before it. */
  released: z.object({ id: z.number(), version: z.string(), templateId: z.string() }).nullable(),
  canRollback: z.boolean(),
  /** The version in review, if one is. */
  reviewing: z.number().nullable(),
  releasePrice: z.string(),
});
export type AccountState = z.infer<typeof accountState>;

/** A page path's QR code (the page-path tool). */
export const pathQrBody = z
  .object({
    path: z
      .string()
      .trim()
      .regex(/^\/pages\/[\w\-./?=&%]*$/),
  })
  .strict();
