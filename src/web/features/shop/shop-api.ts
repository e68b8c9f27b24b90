import { apiLanguage } from '../../i18n';

const TOKEN_KEY = 'shop.token';

/**
 * The customer's token, made once on this phone: the orders it placed are its own. Where a limit
 * depends on who the customer is, the server wants the phone verified on it (verify-phone.tsx).
 */
export function customerToken(): string {
  let token = localStorage.getItem(TOKEN_KEY);
  if (!token) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    token = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(TOKEN_KEY, token);
  }
  return token;
}

/** A refusal of the storefront's API; `verify` when the call needs a verified phone first. */
export class ShopError extends Error {
  constructor(
    message: string,
    readonly verify = false,
  ) {
    super(message);
  }
}

/** A call of the storefront's public API (GET without a body, POST with one). */
export async function call<T>(url: string, body?: unknown): Promise<T> {
  const form = body instanceof FormData;
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      'accept-language': apiLanguage(),
      ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200)
    throw new ShopError(answer.msg, Boolean((answer.data as { verify?: boolean } | null)?.verify));
  return answer.data;
}
