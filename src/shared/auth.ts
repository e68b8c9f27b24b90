import { z } from 'zod';
import { messageKey as m } from './messages';

/** POST /admin/auth/login — the account ID is sent as `name`, trimmed (spec §5). */
export const loginBody = z.object({
  name: z
    .string({ error: m('auth.nameRequired') })
    .trim()
    .min(1, m('auth.nameRequired'))
    .max(64, m('auth.nameTooLong')),
  password: z
    .string({ error: m('auth.passwordRequired') })
    .min(1, m('auth.passwordRequired'))
    .max(128, m('auth.passwordTooLong')),
});
export type LoginBody = z.infer<typeof loginBody>;

/** A balance or amount: a decimal string with two places, never a float ("1234.50"). */
export const moneyString = z.string().regex(/^-?\d+\.\d{2}$/);

/** POST /admin/user/detail — the signed-in account's profile. */
export const profile = z.object({
  id: z.number(),
  name: z.string(),
  realname: z.string(),
  avatar: z.string(),
  roles: z.array(z.string()),
  isOwner: z.boolean(),
  /** The merchant's balance, for an account that may open the cost centre; null for the others. */
  balance: moneyString.nullable(),
  merchant: z.object({ id: z.number(), name: z.string() }),
  lastLogin: z.object({ at: z.string(), ip: z.string() }).nullable(),
});
export type Profile = z.infer<typeof profile>;

/** POST /admin/menu/index — the route names the account may open; `title` overrides the route's. */
export const menuEntry = z.object({ name: z.string(), title: z.string().optional() });
export const menuList = z.array(menuEntry);
export type MenuEntry = z.infer<typeof menuEntry>;

/**
 * POST /admin/auth/login — the bearer token, and the new session's permission list and profile
 * (what /admin/menu/index and /admin/user/detail answer), so the app can open the dashboard without
 * asking for them again.
 */
export const loginResult = z.object({
  token: z.string(),
  session: z.object({ menu: menuList, profile }).optional(),
});
export type LoginResult = z.infer<typeof loginResult>;
