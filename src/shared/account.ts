import { z } from 'zod';
import { listParams, listResult, optionalText } from './list';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordPolicy,
  validAccountName,
} from './validate';

export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;

/** The stated password policy, as the messages both sides show. */
export const PASSWORD_MESSAGES = {
  length: `At least ${PASSWORD_MIN_LENGTH} and at most ${PASSWORD_MAX_LENGTH} characters`,
  letter: 'Must contain a letter',
  digit: 'Must contain a digit',
  sameAsOld: 'Must differ from the old password',
  sameAsName: 'Must not be the account name',
} as const;

export const newPassword = z.string({ error: 'Password is required' }).superRefine((value, ctx) => {
  for (const rule of passwordPolicy(value))
    ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES[rule] });
});

export const accountName = z
  .string({ error: 'Account is required' })
  .trim()
  .refine(validAccountName, '3–32 letters, digits, _ . @ -, starting with a letter or digit');

export const accountListParams = listParams(
  { keyword: optionalText(64), status: z.enum(ACCOUNT_STATUSES).optional() },
  ['createdAt', 'name'] as const,
  'createdAt',
);

export const accountCreate = z
  .object({
    name: accountName,
    realname: z.string().trim().max(64, 'At most 64 characters').default(''),
    password: newPassword,
    status: z.enum(ACCOUNT_STATUSES).default('active'),
    /** Route names the account may open. */
    permissions: z.array(z.string().max(100)).max(500).default([]),
  })
  .superRefine((value, ctx) => {
    if (value.password.toLowerCase() === value.name.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.sameAsName });
    }
  });

export const accountUpdate = z.object({
  id: z.coerce.number().int().positive(),
  realname: z.string().trim().max(64, 'At most 64 characters').optional(),
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
      .string({ error: 'Enter your current password' })
      .min(1, 'Enter your current password')
      .max(PASSWORD_MAX_LENGTH),
    newPassword,
    confirmPassword: z.string({ error: 'Enter the new password again' }),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: 'The two new passwords differ',
      });
    }
    if (value.newPassword === value.oldPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: PASSWORD_MESSAGES.sameAsOld });
    }
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
