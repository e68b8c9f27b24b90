import { z } from 'zod';
import { type Message, messageKey as m, message } from './messages';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordRule,
  passwordPolicy,
  validAccountName,
} from './validate';

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
