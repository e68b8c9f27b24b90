import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Message } from '../../shared/messages';
import { sizeText } from './uploads';

// Fetching from the internet on a merchant's word (a product page to collect, an image a file
// names): http(s) only, never a private or local address, within a deadline and a size.

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** `host:port` pairs fetched even when their addresses are private (COLLECT_ALLOW_HOSTS). */
  allowHosts: readonly string[];
}

export const FETCH_LIMITS = {
  timeoutMs: 8_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 3,
} as const;

/**
 * Why a fetch failed, as the caller words it (`say`): the page's texts are the collection box's, an
 * image's the kit's (remote-images.ts).
 */
export type FetchReason =
  | 'badUrl'
  | 'scheme'
  | 'privateAddress'
  | 'privateHost'
  | 'unresolved'
  | 'tooManyRedirects'
  | 'timeout'
  | 'status'
  | 'notType'
  | 'tooLarge'
  | 'network';

/**
 * `reason` is what the merchant is told; `detail`, what went wrong underneath (a network error's
 * own text, an address a name resolved to), is for the server's log only: echoed, it would tell a
 * caller about the networks the server reaches.
 */
export type FetchFailure = { ok: false; refused: boolean; reason: Message; detail?: string };
type Failure = FetchFailure;

const refused = (reason: Message, detail?: string): Failure => ({
  ok: false,
  refused: true,
  reason,
  ...(detail ? { detail } : {}),
});
const failed = (reason: Message, detail?: string): Failure => ({
  ok: false,
  refused: false,
  reason,
  ...(detail ? { detail } : {}),
});

/**
 * Addresses a page on the public internet never has: private networks, loopback, link-local
 * (the cloud's metadata service at 169.254.169.254), carrier-grade NAT, documentation,
 * multicast and reserved ranges, IPv6's site-local (fec0::/10, deprecated but still routed by
 * some networks) and the IPv6 forms that carry an IPv4 address inside (IPv4-compatible ::/96,
 * IPv4-mapped ::ffff:0:0/96, IPv4-translated ::ffff:0:0:0/96, NAT64, 6to4, Teredo).
 */
const nonPublicV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  nonPublicV4.addSubnet(network, prefix, 'ipv4');
// A list of its own: Node checks an IPv4 address against IPv6 rules as ::ffff:a.b.c.d, so one
// list holding ::ffff:0:0/96 refused every IPv4 address, public ones too.
const nonPublicV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  nonPublicV6.addSubnet(network, prefix, 'ipv6');

/** Whether an address (v4 or v6) may be reached from the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !nonPublicV4.check(address, 'ipv4') : !nonPublicV6.check(address, 'ipv6');
}

/** The form COLLECT_ALLOW_HOSTS names a URL's server in: `127.0.0.1:8080`, `[::1]:80`. */
const hostKey = (url: URL) =>
  `${url.hostname.toLowerCase()}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;

type Resolved = { address: string; family: 4 | 6 };

/**
 * A host's addresses, all of them checked: a name that resolves to a public and a private address
 * is refused, or the connection could pick the private one.
 */
async function resolveChecked(url: URL, allowed: boolean, say: Say): Promise<Resolved | Failure> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Resolved[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
  else {
    try {
      addresses = (await lookup(host, { all: true })) as Resolved[];
    } catch (error) {
      return failed(say('unresolved', { host }), (error as Error).message);
    }
  }
  const first = addresses[0];
  if (!first) return failed(say('unresolved', { host }));
  if (!allowed) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    // The address is said only when the merchant typed it: what a name resolves to inside the
    // server's network goes to the log.
    if (bad)
      return bad.address === host
        ? refused(say('privateAddress', { host, address: bad.address }))
        : refused(say('privateHost', { host }), `resolved to ${bad.address}`);
  }
  return first;
}

/** The connection goes to the address just checked, whatever the name resolves to by then. */
const pinnedLookup =
  (resolved: Resolved): LookupFunction =>
  (_host, options, callback) => {
    if (options.all) callback(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };

function get(
  url: URL,
  resolved: Resolved,
  signal: AbortSignal,
  accept: string,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'GET',
      lookup: pinnedLookup(resolved),
      signal,
      headers: {
        accept,
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': 'Mozilla/5.0 (compatible; MerchantAdmin-Collector/1.0)',
      },
    });
    request.on('response', resolve);
    request.on('error', reject);
    request.end();
  });
}

/** The body, unpacked, never more than `maxBytes` (a small gzip can unpack to gigabytes). */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
  const unpack =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  const stream = unpack ? response.pipe(unpack) : response;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      unpack?.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** How a caller words a failure (FetchReason) for the merchant. */
export type Say = (reason: FetchReason, params?: Message['params']) => Message;

/** What is fetched: a page (HTML) or an image. */
export interface Wanted {
  accept: string;
  /** Whether a declared content type is of the kind wanted (none declared is let through). */
  type: RegExp;
  say: Say;
}

export type BodyOutcome = { ok: true; url: string; body: Buffer; contentType: string } | Failure;

/**
 * A URL fetched the careful way: http and https only; every hop's host resolved and refused when
 * any of its addresses is not public (unless its `host:port` is allowed), then connected to at
 * that very address, so a name that resolves elsewhere a moment later (DNS rebinding) gains
 * nothing; redirects followed by hand, at most `maxRedirects`; the whole fetch within
 * `timeoutMs`; at most `maxBytes`, of the type wanted.
 */
export async function fetchBody(
  address: string,
  limits: FetchLimits,
  wanted: Wanted,
): Promise<BodyOutcome> {
  const { say } = wanted;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return failed(say('badUrl'));
  }
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return refused(say('scheme'));
      const resolved = await resolveChecked(url, limits.allowHosts.includes(hostKey(url)), say);
      if (!('address' in resolved)) return resolved;
      const response = await get(url, resolved, signal, wanted.accept);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        if (hop >= limits.maxRedirects)
          return failed(say('tooManyRedirects', { max: limits.maxRedirects }));
        url = new URL(location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        return failed(say('status', { status }));
      }
      const contentType = String(response.headers['content-type'] ?? '');
      if (contentType && !wanted.type.test(contentType)) {
        response.resume();
        return failed(say('notType', { type: contentType.split(';')[0]!.trim() }));
      }
      const mib = limits.maxBytes / 1024 / 1024;
      if (Number(response.headers['content-length'] ?? 0) > limits.maxBytes) {
        response.destroy();
        return failed(say('tooLarge', { max: mib, size: sizeText(limits.maxBytes) }));
      }
      const body = await readBody(response, limits.maxBytes);
      if (!body) return failed(say('tooLarge', { max: mib, size: sizeText(limits.maxBytes) }));
      return { ok: true, url: url.href, body, contentType };
    }
  } catch (error) {
    if (signal.aborted) return failed(say('timeout', { seconds: limits.timeoutMs / 1000 }));
    // The network's own words (ECONNREFUSED 10.1.2.3:80, a certificate's names) stay in the log.
    return failed(say('network'), (error as Error).message);
  }
}
