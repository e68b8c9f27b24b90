import { z } from 'zod';
import {
  ACCOUNT_NAME_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  passwordPolicy,
  validAccountName,
} from './validate';

export { PASSWORD_MESSAGES };

export const newPassword = z.string({ error: 'Password is required' }).superRefine((value, ctx) => {
  for (const rule of passwordPolicy(value))
    ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES[rule] });
});

export const accountName = z
  .string({ error: 'Account is required' })
  .trim()
  .refine(validAccountName, ACCOUNT_NAME_MESSAGE);

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
