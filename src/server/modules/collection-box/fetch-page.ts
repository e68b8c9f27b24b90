import { type Message, message } from '../../../shared/messages';
import {
  type FetchFailure,
  type FetchLimits,
  type FetchReason,
  fetchBody,
} from '../../kit/remote-fetch';

export { FETCH_LIMITS, type FetchLimits, isPublicAddress } from '../../kit/remote-fetch';

export type FetchOutcome = { ok: true; url: string; html: string } | FetchFailure;

/** The page's text in its declared charset (GBK pages are common), UTF-8 otherwise. */
function decode(body: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

const PAGE = {
  accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
  type: /html|xml/i,
  say: (reason: FetchReason, params?: Message['params']) =>
    message(`collection-box:errors.${reason === 'notType' ? 'notHtml' : reason}`, params),
};

/** A product page fetched the careful way (kit/remote-fetch.ts), its text decoded. */
export async function fetchPage(address: string, limits: FetchLimits): Promise<FetchOutcome> {
  const got = await fetchBody(address, limits, PAGE);
  if (!got.ok) return got;
  return { ok: true, url: got.url, html: decode(got.body, got.contentType) };
}
