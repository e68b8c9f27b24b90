/**
 * Every API answer is `{ code, msg, data }`. Success is 200; the session codes make the SPA
 * offer to sign in again; every other code carries a message meant for the user.
 */
export const ResultCode = {
  OK: 200,
  /** The request body or query failed validation; `data.fields` lists the offending fields. */
  VALIDATION: 40000,
  /** Signed in, but the account may not open this route. */
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  PAYLOAD_TOO_LARGE: 41300,
  TOO_MANY_REQUESTS: 42900,
  INTERNAL: 50000,
  /** No token, or a token the server does not know. */
  TOKEN_UNKNOWN: 50008,
  /** The session was revoked: logged out, signed out elsewhere, password changed, account disabled. */
  TOKEN_REVOKED: 50012,
  /** The session expired (idle too long, or past its absolute lifetime). */
  TOKEN_EXPIRED: 50014,
  /** Wrong account name or password (the template's code for it). */
  BAD_CREDENTIALS: 60204,
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

export const SESSION_CODES: readonly number[] = [
  ResultCode.TOKEN_UNKNOWN,
  ResultCode.TOKEN_REVOKED,
  ResultCode.TOKEN_EXPIRED,
];

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface FieldError {
  /** Dotted path of the field, e.g. `name` or `items.0.price`. */
  field: string;
  message: string;
}

export function isSessionCode(code: number): boolean {
  return SESSION_CODES.includes(code);
}
