import { ResultCode } from '../shared/envelope';
import { type Message, message } from '../shared/messages';

/** A field's problem, as the envelope's `data.fields` lists it once rendered. */
export interface FieldProblem {
  field: string;
  message: Message;
}

/**
 * An error meant for the user: the envelope carries its code and its message, rendered in the
 * request's language; `data.fields` (FieldProblem[]) are rendered with it.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly text: Message,
    readonly httpStatus = httpStatusFor(code),
    readonly data: unknown = null,
  ) {
    super(text.key);
    this.name = 'AppError';
  }
}

export function httpStatusFor(code: number): number {
  switch (code) {
    case ResultCode.VALIDATION:
      return 400;
    case ResultCode.BAD_CREDENTIALS:
    case ResultCode.TOKEN_UNKNOWN:
    case ResultCode.TOKEN_REVOKED:
    case ResultCode.TOKEN_EXPIRED:
      return 401;
    case ResultCode.FORBIDDEN:
      return 403;
    case ResultCode.NOT_FOUND:
      return 404;
    case ResultCode.CONFLICT:
      return 409;
    case ResultCode.PAYLOAD_TOO_LARGE:
      return 413;
    case ResultCode.TOO_MANY_REQUESTS:
      return 429;
    default:
      return code >= 200 && code < 600 ? code : 500;
  }
}

/** “This <noun> was not found”: the noun a message too (`article:noun`, `record.noun.account`). */
export const notFound = (noun: Message = message('record.noun.record')) =>
  new AppError(ResultCode.NOT_FOUND, message('record.notFound', { noun }));
export const forbidden = (text: Message = message('permission.denied')) =>
  new AppError(ResultCode.FORBIDDEN, text);
/** A problem with one field: `msg` says it, and `data.fields` names the field. */
export const fieldError = (field: string, text: Message, code: number = ResultCode.VALIDATION) =>
  new AppError(code, text, undefined, {
    fields: [{ field, message: text }] satisfies FieldProblem[],
  });
