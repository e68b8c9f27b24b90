/**
 * UPC-A (12 digits) and EAN-13 (13 digits) codes: the last digit checks the others (GS1's
 * mod-10: from the right, digits at odd places count three times).
 */
export function isGtin(code: string): boolean {
  if (!/^(\d{12}|\d{13})$/.test(code)) return false;
  return checkDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/**
 * What is wrong with a code, said the same way wherever it is typed (the pool, the variant grid):
 * not 12 or 13 digits, or a check digit other than the one its digits give. Null when it is good.
 */
export function gtinProblem(
  code: string,
): { kind: 'length'; length: number } | { kind: 'checkDigit'; expected: number } | null {
  if (!/^(\d{12}|\d{13})$/.test(code)) return { kind: 'length', length: code.length };
  const expected = checkDigit(code.slice(0, -1));
  return expected === Number(code.at(-1)) ? null : { kind: 'checkDigit', expected };
}

/** The check digit of a code's other digits. */
export function checkDigit(body: string): number {
  let sum = 0;
  [...body].reverse().forEach((digit, i) => {
    sum += i % 2 === 0 ? Number(digit) * 3 : Number(digit);
  });
  return (10 - (sum % 10)) % 10;
}

/** UPC for 12 digits, EAN for 13. */
export const gtinKind = (code: string): 'UPC' | 'EAN' => (code.length === 12 ? 'UPC' : 'EAN');

/**
 * The platform's own GS1 company prefix: the UPC-A codes it sells are `069` + an 8-digit item
 * number + the check digit. A merchant gets them only by buying them (/goods-upc), never by adding
 * or importing them.
 */
export const PLATFORM_UPC_PREFIX = '069';

/**
 * Whether a code is under the platform's prefix: the UPC-A `069…` or the same number as an EAN-13
 * (`0069…`, a UPC-A with a leading zero).
 */
export const isPlatformCode = (code: string): boolean =>
  /^\d{12,13}$/.test(code) &&
  (code.length === 12 ? `0${code}` : code).startsWith(`0${PLATFORM_UPC_PREFIX}`);
