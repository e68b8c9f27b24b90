import { API_TIMEOUT_MS, ERROR_TOAST_MS, NETWORK_ERROR_TOAST_MS } from '../../../shared/constants';
import { MOCK_OK, MOCK_PREFIX } from '../../../shared/demo-mock';
import { isSessionCode } from '../../../shared/envelope';
import { toastError } from '../../api/feedback';
import { ApiError, confirmLogout } from '../../api/request';
import { getToken } from '../../api/token';
import { apiLanguage, i18n } from '../../i18n';

export interface MockCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/**
 * The template demos' client for the mock API (spec §7): like the shared client, but success is
 * code 20000, and only for these calls. The mock's own errors (`message`) are toasted; the mock's
 * 50008 ("unable to get user details") is demo data and never ends the real session, while our
 * server's session codes (its envelope says `msg`) ask to sign in again as everywhere else.
 */
export async function mockRequest<T>(path: string, call: MockCall = {}): Promise<T> {
  const { method = 'GET', query, body } = call;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const url = `${MOCK_PREFIX}${path}${params.size > 0 ? `?${params}` : ''}`;
  const token = getToken();
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': apiLanguage(),
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let envelope: { code?: number; msg?: string; message?: string; data?: unknown };
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    envelope = await response.json();
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    toastError(text, NETWORK_ERROR_TOAST_MS);
    throw new ApiError(-1, text);
  }
  if (envelope.code === MOCK_OK) return envelope.data as T;
  const code = typeof envelope.code === 'number' ? envelope.code : -1;
  const text = envelope.msg || envelope.message || i18n.t('request.error');
  toastError(text, ERROR_TOAST_MS);
  if (envelope.msg !== undefined && isSessionCode(code)) void confirmLogout();
  throw new ApiError(code, text, envelope.data ?? null);
}
