import type { FastifyRequest } from 'fastify';
import { message } from '../../../shared/messages';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import type { ImportPrepared, ImportProblem } from '../../kit/import-hooks';
import { FETCH_LIMITS } from '../../kit/remote-fetch';
import { addToLibrary, type StoredImage, storeImages } from '../../kit/remote-images';
import { createStorage } from '../../storage/create-storage';

/** Most images one import fetches: each within the fetch's deadline, four at a time. */
const IMPORT_IMAGES_MAX = 200;
const isRemote = (url: string) => /^https?:\/\//i.test(url);

/** The images an import fetched, by their address, and the files its written goods name. */
interface FetchedImages {
  stored: Map<string, StoredImage>;
  used: Set<string>;
}

/**
 * A goods file's images named by an http(s) address, fetched before anything is written and kept
 * as the merchant's uploads (kit/remote-images.ts, as the collection box keeps a page's): one
 * that cannot be fetched is its row's error, in the column that names it. Once the import is
 * over, the files no written goods names are removed.
 */
export async function fetchImages(
  rows: { row: number; images: string[]; variantImage: string }[],
  { request, merchantId, config }: { request: FastifyRequest; merchantId: number; config: Config },
): Promise<ImportPrepared> {
  const storage = createStorage(config);
  const named = (row: (typeof rows)[number]): [string, string][] => [
    ...row.images.map((url): [string, string] => ['images', url]),
    ['variantImage', row.variantImage],
  ];
  const { stored, failed } = await storeImages(
    rows.flatMap((row) => named(row).map(([, url]) => url)).filter(isRemote),
    {
      merchantId,
      storage,
      limits: {
        ...FETCH_LIMITS,
        maxBytes: config.UPLOAD_MAX_BYTES,
        allowHosts: config.COLLECT_ALLOW_HOSTS,
      },
      max: IMPORT_IMAGES_MAX,
    },
  );
  for (const f of failed)
    if (f.detail) request.log.warn({ url: f.url, detail: f.detail }, 'importing an image failed');
  const reasons = new Map(failed.map((f) => [f.url, f.reason]));
  const problems: ImportProblem[] = [];
  for (const row of rows)
    for (const [field, url] of named(row)) {
      const reason = reasons.get(url);
      if (reason)
        problems.push({
          row: row.row,
          field,
          message: message('goods:import.errors.image', { url, reason }),
        });
    }
  const fetched: FetchedImages = { stored, used: new Set() };
  return {
    problems,
    value: fetched,
    async finish(committed) {
      // Images of goods not written (the write failed, or their rows were left out) go.
      for (const f of stored.values())
        if (!committed || !fetched.used.has(f.key)) await storage.delete(f.key).catch(() => {});
    },
  };
}

/** The write's side of fetchImages: an image as the goods keeps it, and the library's rows. */
export function keptImages(prepared: unknown) {
  const fetched = prepared as FetchedImages | undefined;
  return {
    /** A fetched image by the merchant's copy (and that copy kept); any other as it is. */
    kept(url: string) {
      const image = fetched?.stored.get(url);
      if (!image) return url;
      fetched!.used.add(image.key);
      return image.url;
    },
    /** The images kept join the material library, as an upload does. */
    async addToLibrary(tx: Executor, merchantId: number) {
      const files = [...(fetched?.stored.values() ?? [])].filter((f) => fetched!.used.has(f.key));
      await addToLibrary(tx, merchantId, files);
    },
  };
}
