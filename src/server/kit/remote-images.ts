import { fileTypeFromBuffer } from 'file-type';
import { type Message, message } from '../../shared/messages';
import type { Executor } from '../db/client';
import { materials } from '../db/schema/material';
import type { FileStorage } from '../storage/storage';
import { type BodyOutcome, type FetchLimits, type FetchReason, fetchBody } from './remote-fetch';
import { IMAGE_TYPES, keyFor } from './uploads';

/** Images fetched at once for one caller. */
const PARALLEL = 4;

/** An image from the internet kept in the merchant's uploads. */
export interface StoredImage {
  /** The address it was fetched from. */
  source: string;
  /** `/uploads/<key>`, as the merchant's own uploads are addressed. */
  url: string;
  key: string;
  size: number;
  mime: string;
  /** Its name in the material library: the source's file name. */
  name: string;
}

export interface ImageFailure {
  url: string;
  reason: Message;
  /** What went wrong underneath, for the server's log only. */
  detail?: string;
}

const IMAGE = {
  accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1',
  type: /^image\//i,
  say: (reason: FetchReason, params?: Message['params']) =>
    message(`remoteImage.${reason}`, params),
};

/** An image fetched the careful way (remote-fetch.ts): its bytes (their type is the caller's to check). */
export function fetchImage(address: string, limits: FetchLimits): Promise<BodyOutcome> {
  return fetchBody(address, limits, IMAGE);
}

/** The file name at the end of an address (`shoe-1.jpg`), at most 100 characters. */
function nameOf(source: string, fallback: string): string {
  try {
    const last = decodeURIComponent(new URL(source).pathname.split('/').pop() ?? '');
    return last.trim().slice(0, 100) || fallback;
  } catch {
    return fallback;
  }
}

/**
 * Images on the internet fetched (the careful way: allowed hosts, no private addresses, a
 * deadline; at most `limits.maxBytes`, the uploads' size) and kept under the merchant's uploads,
 * so that what names them (a collected item, an imported goods) shows the merchant's copy, not the
 * shop's. Only JPEG, PNG, GIF and WebP are kept, by their content, as an upload is. One that fails
 * is reported and left out; the others are kept; past `max`, the rest are left out, said so. The
 * caller adds the stored ones to the material library (or removes them, when it keeps nothing).
 */
export async function storeImages(
  sources: string[],
  {
    merchantId,
    storage,
    limits,
    max,
  }: { merchantId: number; storage: FileStorage; limits: FetchLimits; max: number },
): Promise<{ stored: Map<string, StoredImage>; failed: ImageFailure[] }> {
  const stored = new Map<string, StoredImage>();
  const failed: ImageFailure[] = [];
  const wanted = [...new Set(sources)];
  for (const url of wanted.slice(max))
    failed.push({ url, reason: message('remoteImage.tooMany', { max }) });
  const queue = wanted.slice(0, max);
  const worker = async () => {
    for (let source = queue.shift(); source !== undefined; source = queue.shift()) {
      const got = await fetchImage(source, limits);
      if (!got.ok) {
        failed.push({ url: source, reason: got.reason, detail: got.detail });
        continue;
      }
      const detected = await fileTypeFromBuffer(got.body);
      const ext = detected ? IMAGE_TYPES[detected.mime] : undefined;
      if (!detected || !ext) {
        failed.push({ url: source, reason: message('remoteImage.imageType') });
        continue;
      }
      const key = keyFor(merchantId, ext);
      try {
        await storage.put(key, got.body, detected.mime);
      } catch (error) {
        failed.push({
          url: source,
          reason: message('remoteImage.store'),
          detail: (error as Error).message,
        });
        continue;
      }
      stored.set(source, {
        source,
        url: `/uploads/${key}`,
        key,
        size: got.body.length,
        mime: detected.mime,
        name: nameOf(source, key.split('/').pop()!),
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
  // In the sources' order, as the merchant reads the report.
  failed.sort((a, b) => wanted.indexOf(a.url) - wanted.indexOf(b.url));
  return { stored, failed };
}

/** Images kept join the merchant's material library, as an upload does. */
export async function addToLibrary(tx: Executor, merchantId: number, images: StoredImage[]) {
  if (images.length === 0) return;
  await tx
    .insert(materials)
    .values(
      images.map((f) => ({ merchantId, url: f.url, name: f.name, size: f.size, mime: f.mime })),
    );
}
