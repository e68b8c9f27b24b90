import { z } from 'zod';
import { listParams, listResult, optionalText } from './list';
import { type Message, messageKey as m, message } from './messages';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordRule,
  passwordPolicy,
  validAccountName,
} from './validate';

export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;

/** Why a password breaks a rule of the stated policy, as both sides say it. */
export function passwordMessage(rule: PasswordRule, password: string): Message {
  if (rule === 'length')
    return password.length > PASSWORD_MAX_LENGTH
      ? message('validation.maxLength', { max: PASSWORD_MAX_LENGTH })
      : message('password.length', { min: PASSWORD_MIN_LENGTH });
  return message(`password.${rule}`);
}

/** A password rule's failure as a zod issue (its message id and parameters). */
export function passwordIssue(rule: PasswordRule, password: string, path?: string[]) {
  const { key, params } = passwordMessage(rule, password);
  return { code: 'custom' as const, message: key, params, ...(path ? { path } : {}) };
}

export const newPassword = z
  .string({ error: m('auth.passwordRequired') })
  .superRefine((value, ctx) => {
    for (const rule of passwordPolicy(value)) ctx.addIssue(passwordIssue(rule, value));
  });

export const accountName = z
  .string({ error: m('auth.nameRequired') })
  .trim()
  .refine(validAccountName, m('account.nameRule'));

export const accountListParams = listParams(
  { keyword: optionalText(64), status: z.enum(ACCOUNT_STATUSES).optional() },
  ['createdAt', 'name'] as const,
  'createdAt',
);

export const accountCreate = z
  .object({
    name: accountName,
    realname: z.string().trim().max(64, m('validation.maxLength')).default(''),
    password: newPassword,
    status: z.enum(ACCOUNT_STATUSES).default('active'),
    /** Route names the account may open. */
    permissions: z.array(z.string().max(100)).max(500).default([]),
  })
  .superRefine((value, ctx) => {
    if (value.password.toLowerCase() === value.name.toLowerCase()) {
      ctx.addIssue(passwordIssue('sameAsName', value.password, ['password']));
    }
  });

export const accountUpdate = z.object({
  id: z.coerce.number().int().positive(),
  realname: z.string().trim().max(64, m('validation.maxLength')).optional(),
  /** A new password: the account's sessions end. */
  password: newPassword.optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  permissions: z.array(z.string().max(100)).max(500).optional(),
});

export const account = z.object({
  id: z.number(),
  name: z.string(),
  realname: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  isOwner: z.boolean(),
  permissions: z.array(z.string()),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type Account = z.infer<typeof account>;
export const accountListResult = listResult(account);

export const changePasswordBody = z
  .object({
    oldPassword: z
      .string({ error: m('password.currentRequired') })
      .min(1, m('password.currentRequired'))
      .max(PASSWORD_MAX_LENGTH),
    newPassword,
    confirmPassword: z.string({ error: m('password.confirmRequired') }),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: m('password.mismatch'),
      });
    }
    if (value.newPassword === value.oldPassword) {
      ctx.addIssue(passwordIssue('sameAsOld', value.newPassword, ['newPassword']));
    }
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
