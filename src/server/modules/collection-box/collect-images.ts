import { fileTypeFromBuffer } from 'file-type';
import { type Message, message } from '../../../shared/messages';
import type { FileStorage } from '../../storage/storage';
import { IMAGE_TYPES, keyFor } from '../upload/routes';
import { type FetchLimits, fetchImage } from './fetch-page';

/** Most images stored of one page (its own and its variants'): the rest are left out, said so. */
export const IMAGES_PER_PAGE = 30;
/** Images fetched at once for one page. */
const PARALLEL = 4;

/** An image of the page kept in the merchant's uploads. */
export interface StoredImage {
  /** The page's address for it. */
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
 * A collected page's images fetched (the page's own careful way: allowed hosts, no private
 * addresses, a deadline; at most the uploads' size) and kept under the merchant's uploads, so
 * that the item and the goods claimed from it show the merchant's copy, not the shop's. Only
 * JPEG, PNG, GIF and WebP are kept, by their content, as an upload is. One that fails is reported
 * and left out; the others are kept. The caller adds the stored ones to the material library (or
 * removes them, when the item is not kept).
 */
export async function storeImages(
  sources: string[],
  {
    merchantId,
    storage,
    limits,
  }: { merchantId: number; storage: FileStorage; limits: FetchLimits },
): Promise<{ stored: Map<string, StoredImage>; failed: ImageFailure[] }> {
  const stored = new Map<string, StoredImage>();
  const failed: ImageFailure[] = [];
  const wanted = [...new Set(sources)];
  for (const url of wanted.slice(IMAGES_PER_PAGE))
    failed.push({
      url,
      reason: message('collection-box:errors.imagesMax', { max: IMAGES_PER_PAGE }),
    });
  const queue = wanted.slice(0, IMAGES_PER_PAGE);
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
        failed.push({ url: source, reason: message('collection-box:errors.imageType') });
        continue;
      }
      const key = keyFor(merchantId, ext);
      try {
        await storage.put(key, got.body, detected.mime);
      } catch (error) {
        failed.push({
          url: source,
          reason: message('collection-box:errors.imageStore'),
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
  // In the page's order, as the merchant reads the report.
  failed.sort((a, b) => wanted.indexOf(a.url) - wanted.indexOf(b.url));
  return { stored, failed };
}
