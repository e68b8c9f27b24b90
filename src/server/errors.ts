import { type FieldError, ResultCode } from '../shared/envelope';

/** An error whose message is meant for the user; the envelope carries its code and message. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = httpStatusFor(code),
    readonly data: unknown = null,
  ) {
    super(message);
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

export const notFound = (what = 'Record') =>
  new AppError(ResultCode.NOT_FOUND, `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(ResultCode.FORBIDDEN, message);
export const fieldError = (field: string, message: string) =>
  new AppError(ResultCode.VALIDATION, `${field}: ${message}`, 400, {
    fields: [{ field, message }] satisfies FieldError[],
  });
