// Input checks ported from vue-element-admin 4.4 (src/utils/validate.js), plus account rules.

/** True for links that leave the app: http(s), mailto and tel. */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

// IPv4 dotted quad, each part 0–255 without leading zeros.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
// DNS labels of 1–63 letters, digits and inner hyphens; the last label starts with a letter,
// so a host is never mistaken for a malformed IP ("999.1.1.1") and "localhost" is accepted.
const LABEL = '[a-z\\d](?:[a-z\\d-]{0,61}[a-z\\d])?';
const TOP_LABEL = '[a-z](?:[a-z\\d-]{0,61}[a-z\\d])?';
const HOSTNAME = `(?:${LABEL}\\.)*${TOP_LABEL}`;
const URL_PATTERN = new RegExp(
  [
    '^(?:https?|ftp)://', // scheme
    '(?:[^\\s:@/?#]+(?::[^\\s@/?#]*)?@)?', // optional user[:password]@
    `(?:${IPV4}|${HOSTNAME})`, // host
    '(?::\\d{1,5})?', // optional port
    '(?:[/?#]\\S*)?$', // optional path, query and fragment, without whitespace
  ].join(''),
  'i',
);

/** True for an absolute http, https or ftp URL with an IPv4 or DNS host (no IPv6 literals). */
export function validURL(url: string): boolean {
  return URL_PATTERN.test(url);
}

/** True for an account name of 3–32 letters, digits, '_', '-', '.', '@', starting with a letter or digit. */
export function validAccountName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_.@-]{2,31}$/.test(name);
}

/**
 * True for a store code: 2–20 lowercase letters, digits or '-', starting with a letter or digit.
 * A sub-account signs in as `name@code`: at most 32 + 1 + 20 characters, within the sign-in
 * form's 64.
 */
export function validMerchantCode(code: string): boolean {
  return /^[a-z0-9][a-z0-9-]{1,19}$/.test(code);
}

/**
 * What an account types to sign in: an owner its name (unique across the platform), a
 * sub-account its name at its store's code (its name is unique within its merchant only).
 */
export function signInName(account: { name: string; isOwner: boolean }, code: string): string {
  return account.isOwner ? account.name : `${account.name}@${code}`;
}

/**
 * A typed sign-in name read both ways: the owner's name it may be, and the sub-account's name and
 * store code it may be (split at the last '@', as an account name may hold one itself).
 */
export function readSignInName(typed: string): { name: string; code: string | null } {
  const at = typed.lastIndexOf('@');
  return at > 0
    ? { name: typed.slice(0, at), code: typed.slice(at + 1) }
    : { name: typed, code: null };
}

/** The password rules, in the order passwordPolicy reports them. */
export const PASSWORD_RULES = ['length', 'letter', 'digit', 'sameAsOld', 'sameAsName'] as const;

/** A password rule key: 'length' | 'letter' | 'digit' | 'sameAsOld' | 'sameAsName'. */
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** Shortest accepted password. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest accepted password, in UTF-16 units like the server's zod schema. */
export const PASSWORD_MAX_LENGTH = 128;

/** Context passwordPolicy compares the password with. */
export interface PasswordContext {
  accountName?: string;
  oldPassword?: string;
}

/** Lists the password rules the password breaks; an empty list means it is acceptable. */
export function passwordPolicy(password: string, context: PasswordContext = {}): PasswordRule[] {
  const { accountName, oldPassword } = context;
  const broken: PasswordRule[] = [];
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    broken.push('length');
  }
  if (!/[A-Za-z]/.test(password)) broken.push('letter');
  if (!/[0-9]/.test(password)) broken.push('digit');
  if (oldPassword && password === oldPassword) broken.push('sameAsOld');
  // Account names are unique case-insensitively and trimmed at sign-in.
  const name = accountName?.trim();
  if (name && password.toLowerCase() === name.toLowerCase()) broken.push('sameAsName');
  return broken;
}
