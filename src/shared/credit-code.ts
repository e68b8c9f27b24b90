/**
 * The unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters from a 31-letter
 * alphabet (digits and capitals without I, O, Z, S, V). The first 17 are the registering
 * authority, the kind of entity, the region (6 digits) and the organisation code (9 characters);
 * the 18th checks them: weights 3^i mod 31, and the character whose value makes the weighted sum
 * a multiple of 31.
 */

export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** Position i's weight: 3^i mod 31 (1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28). */
const WEIGHTS = Array.from({ length: 17 }, (_, i) => {
  let w = 1;
  for (let k = 0; k < i; k++) w = (w * 3) % 31;
  return w;
});

/** The check character of a code's first 17 characters (which must be of the alphabet). */
export function creditCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CODE_ALPHABET.indexOf(first17[i]!) * WEIGHTS[i]!;
  return CREDIT_CODE_ALPHABET[(31 - (sum % 31)) % 31]!;
}

/** Why a text is not a credit code (checked in this order), or null when it is one. */
export type CreditCodeProblem = 'length' | 'characters' | 'region' | 'check';

export function creditCodeProblem(code: string): CreditCodeProblem | null {
  if (code.length !== 18) return 'length';
  if (![...code].every((c) => CREDIT_CODE_ALPHABET.includes(c))) return 'characters';
  // Characters 3–8: the administrative division code, digits only.
  if (!/^\d{6}$/.test(code.slice(2, 8))) return 'region';
  if (creditCheckChar(code.slice(0, 17)) !== code[17]) return 'check';
  return null;
}

export const isCreditCode = (code: string) => creditCodeProblem(code) === null;
