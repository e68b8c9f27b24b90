import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COLLECT_MAX_HTML,
  type CollectResult,
  collectBody,
  collectReport,
} from '../../../shared/collection-box';
import { type Message, message } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { collectionBox } from '../../db/schema/collection-box';
import { actorOf, recordOperation } from '../../kit/operation-log';
import {
  addToLibrary,
  type ImageFailure,
  type StoredImage,
  storeImages,
} from '../../kit/remote-images';
import { render, requestLanguage } from '../../messages';
import { envelopeOf, ok } from '../../plugins/envelope';
import { createStorage } from '../../storage/create-storage';
import { FETCH_LIMITS, fetchPage } from './fetch-page';
import { type ProductData, readProductPage } from './product-page';
import { hostOf, normalised } from './source-url';

/** Pages fetched at once: twenty slow shops take a few timeouts, not twenty. */
const PARALLEL = 4;
/** Most images stored of one page (its own and its variants'): the rest are left out, said so. */
const IMAGES_PER_PAGE = 30;

/** Runs `work` on every item, `parallel` at a time, answering in the items' order. */
async function eachLimited<T, R>(items: T[], parallel: number, work: (item: T) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      out[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return out;
}

/**
 * Beside the derived calls of /collection-box: collecting. Each URL is fetched (fetch-page.ts and
 * kit/remote-fetch.ts: limits, and no private addresses) and read (product-page.ts), or the
 * page's source is pasted; its images kept as uploads (kit/remote-images.ts). Each gets its own
 * result, so one bad URL does not stop the others, and a page already in the box is not added
 * twice. One operation-log row tells the counts.
 */
const collectionBoxRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
  const limits = { ...FETCH_LIMITS, allowHosts: config.COLLECT_ALLOW_HOSTS };
  // An image is fetched as a page is, within the uploads' size.
  const imageLimits = { ...limits, maxBytes: config.UPLOAD_MAX_BYTES };
  const storage = createStorage(config);

  app.post(
    '/admin/collection-box/collect',
    {
      config: { permission: 'collection-box' },
      // Pasted page source is larger than the API's usual bodies.
      bodyLimit: COLLECT_MAX_HTML * 4 + 4096,
      schema: {
        tags: ['collection-box'],
        body: collectBody,
        response: { 200: envelopeOf(collectReport) },
      },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const language = requestLanguage(request);
      const say = (m: Message) => render(language, m);
      const body = request.body;

      type Found = {
        url: string;
        product: ProductData;
        files?: StoredImage[];
        imagesFailed?: ImageFailure[];
      };
      type Page = Found | CollectResult;
      let pages: Page[];
      if ('html' in body) {
        const given = body.url ? normalised(body.url) : '';
        if (given === null)
          pages = [
            {
              url: body.url!,
              outcome: 'failed',
              reason: say(message('collection-box:errors.badUrl')),
            },
          ];
        else {
          const product = readProductPage(body.html, given);
          const url =
            given ||
            normalised(product?.url ?? '') ||
            // Without an address, the same source pasted twice is still the same page.
            `pasted:${createHash('sha256').update(body.html).digest('hex').slice(0, 16)}`;
          pages = [
            product
              ? { url, product }
              : {
                  url,
                  outcome: 'failed',
                  reason: say(message('collection-box:errors.noProduct')),
                },
          ];
        }
      } else {
        const urls = [...new Set(body.urls.map((u) => normalised(u) ?? u))];
        const known = new Map(
          (
            await db
              .select({
                id: collectionBox.id,
                url: collectionBox.sourceUrl,
                title: collectionBox.title,
              })
              .from(collectionBox)
              .where(
                and(
                  eq(collectionBox.merchantId, merchantId),
                  inArray(collectionBox.sourceUrl, urls),
                ),
              )
          ).map((row) => [row.url, row]),
        );
        pages = await eachLimited(urls, PARALLEL, async (url): Promise<Page> => {
          const there = known.get(url);
          if (there) return { url, outcome: 'duplicate', id: there.id, title: there.title };
          const page = await fetchPage(url, limits);
          if (!page.ok) {
            if (page.detail) request.log.warn({ url, detail: page.detail }, 'collecting failed');
            return { url, outcome: page.refused ? 'refused' : 'failed', reason: say(page.reason) };
          }
          const product = readProductPage(page.html, page.url);
          if (!product)
            return {
              url,
              outcome: 'failed',
              reason: say(message('collection-box:errors.noProduct')),
            };
          return { url, product };
        });
      }

      // A pasted page already in the box fetches nothing; the others' images are kept as the
      // merchant's uploads, and the item names those copies.
      const found = pages.filter((p): p is Found => 'product' in p);
      const there = new Set(
        found.length === 0
          ? []
          : (
              await db
                .select({ url: collectionBox.sourceUrl })
                .from(collectionBox)
                .where(
                  and(
                    eq(collectionBox.merchantId, merchantId),
                    inArray(
                      collectionBox.sourceUrl,
                      found.map((p) => p.url),
                    ),
                  ),
                )
            ).map((row) => row.url),
      );
      await eachLimited(
        found.filter((p) => !there.has(p.url)),
        PARALLEL,
        async (page) => {
          const { product } = page;
          const { stored, failed } = await storeImages(
            [...product.images, ...product.variants.items.map((v) => v.image).filter(Boolean)],
            { merchantId, storage, limits: imageLimits, max: IMAGES_PER_PAGE },
          );
          for (const f of failed)
            if (f.detail)
              request.log.warn({ url: f.url, detail: f.detail }, 'collecting an image failed');
          page.files = [...stored.values()];
          page.imagesFailed = failed;
          product.images = product.images.flatMap((src) => stored.get(src)?.url ?? []);
          product.variants = {
            ...product.variants,
            items: product.variants.items.map((v) => ({
              ...v,
              image: stored.get(v.image)?.url ?? '',
            })),
          };
        },
      );
      const files = found.flatMap((p) => p.files ?? []);
      // The files of the rows written; every file is removed unless its row is committed.
      const kept = new Set<string>();
      let committed = false;

      const results = await db
        .transaction(async (tx) => {
          const out: CollectResult[] = [];
          for (const page of pages) {
            if (!('product' in page)) {
              out.push(page);
              continue;
            }
            const { product, url, files = [], imagesFailed = [] } = page;
            const [row] = await tx
              .insert(collectionBox)
              .values({
                merchantId,
                sourceUrl: url,
                sourceHost: hostOf(url),
                title: product.title,
                images: product.images,
                price: product.price,
                currency: product.currency,
                brand: product.brand,
                description: product.description,
                variants: product.variants,
              })
              .onConflictDoNothing({ target: [collectionBox.merchantId, collectionBox.sourceUrl] })
              .returning({ id: collectionBox.id });
            if (row) {
              await addToLibrary(tx, merchantId, files);
              for (const f of files) kept.add(f.key);
              out.push({
                url,
                outcome: 'collected',
                id: row.id,
                title: product.title,
                imagesStored: files.length,
                imagesFailed: imagesFailed.map((f) => ({ url: f.url, reason: say(f.reason) })),
                variants: product.variants.items.length,
              });
            } else {
              const [there] = await tx
                .select({ id: collectionBox.id })
                .from(collectionBox)
                .where(
                  and(eq(collectionBox.merchantId, merchantId), eq(collectionBox.sourceUrl, url)),
                );
              out.push({ url, outcome: 'duplicate', id: there?.id, title: product.title });
            }
          }
          const count = (outcome: CollectResult['outcome']) =>
            out.filter((r) => r.outcome === outcome).length;
          await recordOperation(tx, actorOf(request), {
            action: 'collection-box.collect',
            targetType: 'collection-box',
            targetId: out
              .filter((r) => r.outcome === 'collected')
              .map((r) => r.id)
              .join(','),
            detail: {
              collected: count('collected'),
              duplicate: count('duplicate'),
              refused: count('refused'),
              failed: count('failed'),
              imagesStored: kept.size,
              imagesFailed: out.reduce((n, r) => n + (r.imagesFailed?.length ?? 0), 0),
              urls: out.map((r) => r.url).slice(0, 20),
            },
          });
          return out;
        })
        .then((out) => {
          committed = true;
          return out;
        })
        .finally(async () => {
          // Images of a page not kept (in the box already by now, or the write failed) go.
          for (const f of files)
            if (!committed || !kept.has(f.key)) await storage.delete(f.key).catch(() => {});
        });
      return ok({ results });
    },
  );
};

export default collectionBoxRoutes;
