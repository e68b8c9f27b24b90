/**
 * What the real printer brands share: a form POST to the provider's API, and receipt text made
 * safe for a provider whose content is markup.
 */

/** How long one call to a provider may take before it counts as unreachable. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** The provider could not be asked (network, time-out, an answer that is not its JSON). */
export class ProviderUnreachable extends Error {
  constructor(provider: string, cause: unknown) {
    super(`${provider} unreachable: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'ProviderUnreachable';
  }
}

/** POSTs `fields` form-urlencoded (UTF-8) and answers the provider's JSON. */
export async function postForm(
  provider: string,
  url: string,
  fields: Record<string, string>,
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<unknown> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ProviderUnreachable(provider, error);
  }
}

/**
 * A receipt line with `<` and `>` as their full-width forms, so that text a customer typed (a
 * note, a name) cannot become one of the provider's tags (`<CUT>`, `<QR>`, `<BR>`…). A full-width
 * character takes two columns: one space of the line's widest gap (where an amount is pushed
 * right) goes for each, so the line keeps its width.
 */
export function withoutMarkup(line: string): string {
  let replaced = 0;
  let safe = line.replace(/[<>]/g, (char) => {
    replaced += 1;
    return char === '<' ? '＜' : '＞';
  });
  for (; replaced > 0; replaced -= 1) {
    const gaps = [...safe.matchAll(/ {2,}/g)];
    if (gaps.length === 0) break;
    const widest = gaps.reduce((a, b) => (b[0].length > a[0].length ? b : a));
    safe = safe.slice(0, widest.index) + safe.slice(widest.index + 1);
  }
  return safe;
}
