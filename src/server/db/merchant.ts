import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { accountName, newPassword, passwordIssue } from '../../shared/account';
import { messageKey as m, messageOfIssue } from '../../shared/messages';
import { pgErrorCode, UNIQUE_VIOLATION } from '../kit/db-errors';
import { render } from '../messages';
import { hashPassword } from '../modules/auth/password';
import type { Database } from './client';
import { admins, merchants } from './schema';

export const merchantInput = z
  .object({
    name: z.string().trim().min(1, m('validation.required')).max(100, m('validation.maxLength')),
    owner: accountName,
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
  input: { name: string; owner: string; password: string },
) {
  const parsed = merchantInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${String(issue.path[0] ?? 'input')}: ${render('en', messageOfIssue(issue))}`);
  }
  const { name, owner, password } = parsed.data;
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [merchant] = await tx.insert(merchants).values({ name }).returning();
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
