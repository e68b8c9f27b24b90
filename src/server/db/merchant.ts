import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { accountName, newPassword, passwordIssue } from '../../shared/account';
import { messageKey as m, messageOfIssue } from '../../shared/messages';
import { validMerchantCode } from '../../shared/validate';
import { pgErrorCode, UNIQUE_VIOLATION } from '../kit/db-errors';
import { render } from '../messages';
import { hashPassword } from '../modules/auth/password';
import type { Database } from './client';
import { admins } from './schema/account';
import { merchants } from './schema/merchant';

export const merchantInput = z
  .object({
    name: z.string().trim().min(1, m('validation.required')).max(100, m('validation.maxLength')),
    // An owner signs in with its name alone: one with an '@' could read as a sub-account's.
    owner: accountName.refine((name) => !name.includes('@'), m('account.ownerNameAt')),
    /** The store code its sub-accounts sign in at (`name@code`); random when not given. */
    code: z.string().trim().refine(validMerchantCode, m('account.codeRule')).optional(),
    password: newPassword,
  })
  .superRefine((value, ctx) => {
    if (value.password.toLowerCase() === value.owner.toLowerCase())
      ctx.addIssue(passwordIssue('sameAsName', value.password, ['password']));
  });

/** A password that meets the policy: 18 random characters with a letter and a digit. */
export function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}a1`.replace(/[-_]/g, 'x');
}

/**
 * A new merchant and its owner account (the platform operator's job: `npm run merchant:create`).
 * Throws an Error whose message says what to fix (invalid input, owner name taken).
 */
export async function createMerchant(
  db: Database,
  input: { name: string; owner: string; password: string; code?: string },
) {
  const parsed = merchantInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${String(issue.path[0] ?? 'input')}: ${render('en', messageOfIssue(issue))}`);
  }
  const { name, owner, password, code } = parsed.data;
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      if (code) {
        const [taken] = await tx
          .select({ id: merchants.id })
          .from(merchants)
          .where(sql`lower(${merchants.code}) = ${code}`);
        if (taken) throw new Error(`code: the store code "${code}" is taken; choose another`);
      }
      const [merchant] = await tx
        .insert(merchants)
        .values({ name, ...(code ? { code } : {}) })
        .returning();
      const [account] = await tx
        .insert(admins)
        .values({
          merchantId: merchant!.id,
          name: owner,
          realname: owner,
          passwordHash,
          isOwner: true,
        })
        .returning({ id: admins.id, name: admins.name });
      return { merchant: merchant!, owner: account! };
    });
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION)
      throw new Error(`owner: the account name "${owner}" is taken; choose another`);
    throw err;
  }
}

/** How many merchants there are (the CLI prints it). */
export async function countMerchants(db: Database): Promise<number> {
  const { rows } = (await db.execute(
    sql`select count(*)::int as n from ${merchants}`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return rows[0]?.n ?? 0;
}
