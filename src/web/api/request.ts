import { API_TIMEOUT_MS, ERROR_TOAST_MS, NETWORK_ERROR_TOAST_MS } from '../../shared/constants';
import { isSessionCode, ResultCode } from '../../shared/envelope';
import { apiLanguage, i18n } from '../i18n';
import { toastError } from './feedback';
import { getToken, removeToken } from './token';

/** A call the server answered with a code other than 200. `data` may name fields. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  /** Leave the error toast to the caller (forms show field errors where they belong). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Sent besides the client's own (an `idempotency-key` on a create). */
  headers?: Record<string, string>;
}

let logoutDialogOpen = false;

/**
 * Spec §8: 50008/50012/50014 ask to log in again; confirming resets the token and reloads.
 * The dialog code loads on first use: the login page does not carry it.
 */
export async function confirmLogout() {
  if (logoutDialogOpen) return;
  logoutDialogOpen = true;
  const [{ default: Modal }] = await Promise.all([
    import('antd/es/modal'),
    import('../app/antd-provider'),
  ]);
  Modal.confirm({
    title: i18n.t('request.confirmLogoutTitle'),
    content: i18n.t('request.confirmLogoutContent'),
    okText: i18n.t('request.relogin'),
    cancelText: i18n.t('request.cancel'),
    onOk() {
      removeToken();
      location.reload();
    },
    afterClose() {
      logoutDialogOpen = false;
    },
  });
}

/**
 * The shared client (spec §7): POST JSON with the bearer token, 600 s timeout, envelope handling.
 * Resolves with `data` on code 200; otherwise toasts the message and rejects with an ApiError.
 */
export async function request<T>(url: string, body?: unknown, options: RequestOptions = {}) {
  const token = getToken();
  // The server answers its messages in the UI's language.
  const headers: Record<string, string> = {
    ...options.headers,
    accept: 'application/json',
    'accept-language': apiLanguage(),
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let envelope: { code?: number; msg?: string; message?: string; data?: unknown };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    envelope = await response.json();
  } catch (err) {
    if (options.signal?.aborted) throw err;
    const text = err instanceof Error ? err.message : String(err);
    toastError(text, NETWORK_ERROR_TOAST_MS);
    throw new ApiError(-1, text);
  }

  if (envelope.code === ResultCode.OK) return envelope.data as T;
  const code = typeof envelope.code === 'number' ? envelope.code : -1;
  const text = envelope.msg || envelope.message || i18n.t('request.error');
  if (!options.silent || isSessionCode(code)) toastError(text, ERROR_TOAST_MS);
  if (isSessionCode(code)) void confirmLogout();
  throw new ApiError(code, text, envelope.data ?? null);
}
