/**
 * How Amazon's refusals and throttling reach the product, apart from the client (./client.ts)
 * so that reading them does not load the SP-API SDK.
 */

export type AmazonErrorKind = 'auth' | 'denied' | 'refused' | 'unavailable';

/** Amazon said no (or could not be reached): why, with its code and its own message. */
export class AmazonError extends Error {
  constructor(
    readonly kind: AmazonErrorKind,
    readonly status: number,
    readonly code: string,
    readonly amazonMessage: string,
  ) {
    super(`Amazon ${status || 'no answer'} ${code}: ${amazonMessage}`);
  }
}

/** Amazon throttled the call (429): try again in `delayMs`. */
export class AmazonThrottled extends Error {
  constructor(
    readonly delayMs: number,
    readonly amazonMessage: string,
  ) {
    super(`Amazon throttled the call (${amazonMessage}): again in ${delayMs} ms`);
  }
}

/** How long a throttled call waits without a rate in Amazon's answer (as the SDK's own retry). */
const DEFAULT_THROTTLE_MS = 60_000;

/** The wait Amazon's `x-amzn-RateLimit-Limit` (requests per second) asks for. */
export function throttleDelay(rateHeader: unknown): number {
  const rate = Number(rateHeader);
  if (!Number.isFinite(rate) || rate <= 0) return DEFAULT_THROTTLE_MS;
  return Math.min(Math.ceil(1000 / rate), 10 * 60_000);
}

interface HttpFailure {
  response?: { status: number; data?: unknown; headers?: Record<string, unknown> };
  message?: string;
}

/** Amazon's answer to a failed call as AmazonError or AmazonThrottled. */
export function amazonErrorOf(error: unknown): Error {
  if (error instanceof AmazonError || error instanceof AmazonThrottled) return error;
  const response = (error as HttpFailure | undefined)?.response;
  if (!response)
    return new AmazonError('unavailable', 0, 'NoResponse', (error as Error)?.message ?? '');
  const data = response.data as
    | { errors?: { code?: string; message?: string; details?: string }[] }
    | undefined;
  const first = data?.errors?.[0];
  const code = first?.code ?? `HTTP${response.status}`;
  const words =
    [first?.message, first?.details].filter(Boolean).join(' ') || `HTTP ${response.status}`;
  if (response.status === 429)
    return new AmazonThrottled(throttleDelay(response.headers?.['x-amzn-ratelimit-limit']), words);
  if (response.status === 401 || response.status === 403)
    return new AmazonError('denied', response.status, code, words);
  if (response.status >= 500) return new AmazonError('unavailable', response.status, code, words);
  return new AmazonError('refused', response.status, code, words);
}
