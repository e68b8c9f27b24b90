import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import { combinations, VARIANTS_MAX, variantsBody, variantsResult } from '../../../shared/goods';
import { type Message, message } from '../../../shared/messages';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { goods, goodsVariants } from '../../db/schema/goods';
import { goodsUpc } from '../../db/schema/goods-upc';
import { AppError, fieldError, notFound } from '../../errors';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../kit/db-errors';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { render, requestLanguage } from '../../messages';
import { envelopeOf, ok } from '../../plugins/envelope';
import { holdersOf, listingWords } from '../goods-upc/holders';
import { listingsOfSkus, syncListingStock } from '../listing/service';

/** A refusal on one cell of the variant grid: `variants.3.sellerSku`. */
function cellError(index: number, field: string, text: Message): AppError {
  return fieldError(`variants.${index}.${field}`, text);
}

/** A variant's options as a key, whatever their order (jsonb keeps keys in an order of its own). */
const keyOf = (options: Record<string, string>) =>
  JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : 1)));

async function loadGoods(ex: Executor, merchantId: number, id: number, lock = false) {
  const query = ex
    .select()
    .from(goods)
    .where(and(eq(goods.id, id), eq(goods.merchantId, merchantId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(message('goods:noun'));
  return row;
}

async function variantsOf(ex: Executor, goodsId: number) {
  return ex
    .select()
    .from(goodsVariants)
    .where(eq(goodsVariants.goodsId, goodsId))
    .orderBy(asc(goodsVariants.sortOrder), asc(goodsVariants.id));
}

/** A copy's SKU: the original's with `-COPY`, then `-COPY2`, `-COPY3`… (at most 40 characters). */
export function copySku(sku: string, n: number): string {
  const suffix = n === 1 ? '-COPY' : `-COPY${n}`;
  return sku.slice(0, 40 - suffix.length) + suffix;
}

/**
 * A copy's SKU for each of these: the first of `-COPY`, `-COPY2`… that no variant of the merchant
 * holds (in any case) and no other SKU of the copy takes.
 */
async function copySkus(ex: Executor, merchantId: number, skus: string[]): Promise<string[]> {
  const chosen: (string | undefined)[] = skus.map(() => undefined);
  const used = new Set<string>();
  for (let n = 1; chosen.some((c) => c === undefined); n++) {
    if (n > 1000) throw new AppError(ResultCode.CONFLICT, message('goods:errors.skuTaken'));
    const open = skus.flatMap((_, i) => (chosen[i] === undefined ? [i] : []));
    const candidates = open.map((i) => copySku(skus[i]!, n));
    const taken = await ex
      .select({ sku: sql<string>`lower(${goodsVariants.sellerSku})` })
      .from(goodsVariants)
      .where(
        and(
          eq(goodsVariants.merchantId, merchantId),
          inArray(
            sql`lower(${goodsVariants.sellerSku})`,
            candidates.map((c) => c.toLowerCase()),
          ),
        ),
      );
    const held = new Set(taken.map((t) => t.sku));
    open.forEach((i, k) => {
      const sku = candidates[k]!;
      const key = sku.toLowerCase();
      if (held.has(key) || used.has(key)) return;
      used.add(key);
      chosen[i] = sku;
    });
  }
  return chosen as string[];
}

/**
 * A goods' variants, read and saved as one grid on the goods' page: the attributes, and a row per
 * combination of their values with its seller SKU (unique to the merchant), UPC/EAN (from the
 * merchant's pool: a code given to a variant is `assigned`, and goes back to `unused` when the
 * variant lets it go), cost, price, stock and weight. The goods keeps the count, total stock and
 * lowest price for its list; a variant's stock goes to its live listings (listing/service.ts
 * syncListingStock).
 */
const goodsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, jobs }) => {
  const config = { permission: 'goods-list' };

  app.post(
    '/admin/goods/variants',
    {
      config,
      schema: {
        tags: ['goods'],
        body: z.object({ goodsId: z.coerce.number().int().positive() }),
        response: { 200: envelopeOf(variantsResult) },
      },
    },
    async (request) => {
      const row = await loadGoods(db, request.auth!.merchantId, request.body.goodsId);
      const variants = await variantsOf(db, row.id);
      return ok({
        attributes: row.attributes,
        variants: variants.map((v) => ({
          id: v.id,
          options: v.options,
          sellerSku: v.sellerSku,
          upc: v.upc,
          cost: v.cost,
          price: v.price,
          stock: v.stock,
          weight: v.weight,
          image: v.image,
        })),
      });
    },
  );

  // The SKUs another goods of the merchant already holds (any case): the grid's 生成 SKU says
  // them before a save would be refused for them.
  app.post(
    '/admin/goods/variants/skus-taken',
    {
      config,
      schema: {
        tags: ['goods'],
        body: z.object({
          goodsId: z.coerce.number().int().positive(),
          skus: z.array(z.string().max(40)).max(VARIANTS_MAX),
        }),
        response: { 200: envelopeOf(z.object({ taken: z.array(z.string()) })) },
      },
    },
    async (request) => {
      const { goodsId, skus } = request.body;
      const wanted = [...new Set(skus.filter(Boolean).map((s) => s.toLowerCase()))];
      if (wanted.length === 0) return ok({ taken: [] });
      const held = await db
        .select({ sku: sql<string>`lower(${goodsVariants.sellerSku})` })
        .from(goodsVariants)
        .where(
          and(
            eq(goodsVariants.merchantId, request.auth!.merchantId),
            ne(goodsVariants.goodsId, goodsId),
            inArray(sql`lower(${goodsVariants.sellerSku})`, wanted),
          ),
        );
      const heldSet = new Set(held.map((h) => h.sku));
      return ok({ taken: skus.filter((s) => heldSet.has(s.toLowerCase())) });
    },
  );

  // What a delete would take with it, for the question asked before it: the listings of the goods'
  // SKUs (live or not), and how many of its codes would be retired or go back to the pool.
  app.post(
    '/admin/goods/delete-preview',
    {
      config,
      schema: {
        tags: ['goods'],
        body: z.object({ ids: z.array(z.coerce.number().int().positive()).min(1).max(500) }),
        response: {
          200: envelopeOf(
            z.object({
              goods: z.number(),
              listings: z.number(),
              active: z.number(),
              retired: z.number(),
              released: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const variants = await db
        .select({ upc: goodsVariants.upc, sellerSku: goodsVariants.sellerSku })
        .from(goodsVariants)
        .innerJoin(goods, eq(goods.id, goodsVariants.goodsId))
        .where(and(eq(goods.merchantId, merchantId), inArray(goods.id, request.body.ids)));
      const [{ n } = { n: 0 }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(goods)
        .where(and(eq(goods.merchantId, merchantId), inArray(goods.id, request.body.ids)));
      const listed = await listingsOfSkus(
        db,
        merchantId,
        variants.map((v) => v.sellerSku),
      );
      const listedSkus = new Set(listed.map((l) => l.sellerSku));
      const coded = variants.filter((v) => v.upc);
      const retired = coded.filter((v) => listedSkus.has(v.sellerSku)).length;
      return ok({
        goods: Number(n),
        listings: listed.length,
        active: listed.filter((l) => l.status === 'active').length,
        retired,
        released: coded.length - retired,
      });
    },
  );

  // A copy to make a similar goods from: the same fields, images and variant grid, told apart by
  // its title; its SKUs are new, it has no codes (a code is one goods'), no stock, no listings, and
  // starts as a draft.
  app.post(
    '/admin/goods/copy',
    {
      config,
      schema: {
        tags: ['goods'],
        body: z.object({ id: z.coerce.number().int().positive() }),
        response: {
          200: envelopeOf(
            z.object({ id: z.number(), title: z.string(), skus: z.array(z.string()) }),
          ),
        },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const suffix = render(requestLanguage(request), message('goods:copy.suffix'));
      return db.transaction(async (tx) => {
        const from = await loadGoods(tx, auth.merchantId, request.body.id);
        const variants = await variantsOf(tx, from.id);
        const skus = await copySkus(
          tx,
          auth.merchantId,
          variants.map((v) => v.sellerSku),
        );
        const title = from.title.slice(0, 200 - suffix.length) + suffix;
        const [row] = await tx
          .insert(goods)
          .values({
            merchantId: auth.merchantId,
            title,
            categoryId: from.categoryId,
            brand: from.brand,
            images: from.images,
            bulletPoints: from.bulletPoints,
            description: from.description,
            keywordsId: from.keywordsId,
            attributes: from.attributes,
            variantCount: variants.length,
            stockTotal: 0,
            priceMin: from.priceMin,
          })
          .returning({ id: goods.id });
        if (!row) throw new Error('insert returned nothing');
        try {
          if (variants.length > 0)
            await tx.insert(goodsVariants).values(
              variants.map((v, i) => ({
                merchantId: auth.merchantId,
                goodsId: row.id,
                options: v.options,
                sellerSku: skus[i]!,
                upc: '',
                cost: v.cost,
                price: v.price,
                stock: 0,
                weight: v.weight,
                image: v.image,
                sortOrder: i,
              })),
            );
        } catch (error) {
          // Another write took one of these SKUs since they were chosen.
          if (pgErrorCode(error) === UNIQUE_VIOLATION)
            throw new AppError(ResultCode.CONFLICT, message('goods:errors.skuTaken'));
          throw error;
        }
        await recordOperation(tx, actorOf(request), {
          action: 'goods.copy',
          targetType: 'goods',
          targetId: row.id,
          detail: { title, from: from.id, fromTitle: from.title, skus: skus.slice(0, 20) },
        });
        return ok({ id: row.id, title, skus });
      });
    },
  );

  app.post(
    '/admin/goods/variants/save',
    {
      config,
      schema: {
        tags: ['goods'],
        body: variantsBody,
        response: { 200: envelopeOf(z.object({ variants: z.number() })) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const { goodsId, attributes, variants } = request.body;
      // The rows are exactly the attributes' combinations (one row without attributes).
      const names = attributes.map((a) => a.name);
      if (new Set(names).size !== names.length)
        throw fieldError('attributes', message('goods:errors.attributeNames'));
      const expected = combinations(attributes).map((o) => JSON.stringify(o));
      const given = variants.map((v) =>
        JSON.stringify(Object.fromEntries(names.map((n) => [n, v.options[n]]))),
      );
      if (
        given.length !== expected.length ||
        new Set(given).size !== given.length ||
        given.some((g) => !expected.includes(g))
      )
        throw fieldError('variants', message('goods:errors.gridMismatch'));
      const seen = new Map<string, number>();
      const codes = new Map<string, number>();
      variants.forEach((v, i) => {
        const sku = v.sellerSku.toLowerCase();
        if (seen.has(sku)) throw cellError(i, 'sellerSku', message('validation.unique'));
        seen.set(sku, i);
        if (v.upc) {
          if (codes.has(v.upc)) throw cellError(i, 'upc', message('validation.unique'));
          codes.set(v.upc, i);
        }
      });

      return db.transaction(async (tx) => {
        const row = await loadGoods(tx, auth.merchantId, goodsId, true);
        const before = await variantsOf(tx, row.id);
        // Seller SKUs are the merchant's: another goods may not hold one of these.
        const skus = variants.map((v) => v.sellerSku);
        const taken = await tx
          .select({ sku: goodsVariants.sellerSku })
          .from(goodsVariants)
          .where(
            and(
              eq(goodsVariants.merchantId, auth.merchantId),
              ne(goodsVariants.goodsId, row.id),
              inArray(goodsVariants.sellerSku, skus),
            ),
          );
        if (taken[0])
          throw cellError(skus.indexOf(taken[0].sku), 'sellerSku', message('validation.unique'));
        // A code comes from the pool: unused, or already this goods' own.
        const mine = new Set(before.map((v) => v.upc).filter(Boolean));
        const wanted = [...codes.keys()];
        if (wanted.length > 0) {
          const pool = await tx
            .select({ code: goodsUpc.code, status: goodsUpc.status })
            .from(goodsUpc)
            .where(and(eq(goodsUpc.merchantId, auth.merchantId), inArray(goodsUpc.code, wanted)))
            .for('update');
          const status = new Map(pool.map((p) => [p.code, p.status]));
          for (const [code, i] of codes) {
            const s = status.get(code);
            if (!s) throw cellError(i, 'upc', message('goods:errors.notInPool'));
            if (s !== 'unused' && !mine.has(code))
              throw cellError(i, 'upc', message('goods:errors.upcGiven'));
          }
        }
        const released = [...mine].filter((code) => !codes.has(code));
        // A code a listed SKU carried stays on it: the marketplace knows the product by it.
        const holders = await holdersOf(tx, auth.merchantId, released);
        for (const holder of holders.values()) {
          if (holder.listings.length === 0) continue;
          const was = before.find((v) => v.upc === holder.code)!;
          const at = variants.findIndex(
            (v) =>
              keyOf(Object.fromEntries(names.map((n) => [n, v.options[n]!]))) ===
              keyOf(was.options),
          );
          const text = message('goods:errors.upcListed', {
            code: holder.code,
            sku: holder.sellerSku,
            listings: holder.listings.map(listingWords).join('、'),
          });
          throw at >= 0 ? cellError(at, 'upc', text) : fieldError('variants', text);
        }
        if (released.length > 0)
          await tx
            .update(goodsUpc)
            .set({ status: 'unused' })
            .where(
              and(
                eq(goodsUpc.merchantId, auth.merchantId),
                inArray(goodsUpc.code, released),
                eq(goodsUpc.status, 'assigned'),
              ),
            );
        if (wanted.length > 0)
          await tx
            .update(goodsUpc)
            .set({ status: 'assigned' })
            .where(
              and(
                eq(goodsUpc.merchantId, auth.merchantId),
                inArray(goodsUpc.code, wanted),
                eq(goodsUpc.status, 'unused'),
              ),
            );

        // Rows keep their ids by their options, so a listing made from a variant stays its own.
        const byOptions = new Map(before.map((v) => [keyOf(v.options), v]));
        const rows = variants.map((v, i) => ({
          merchantId: auth.merchantId,
          goodsId: row.id,
          options: Object.fromEntries(names.map((n) => [n, v.options[n]!])),
          sellerSku: v.sellerSku,
          upc: v.upc,
          cost: v.cost,
          price: v.price,
          stock: v.stock,
          weight: v.weight,
          image: v.image,
          sortOrder: i,
        }));
        // Each old row holds a placeholder of its own first (a SKU never has '~'), so rows of this
        // goods may swap SKUs; another goods' row holding one of them was refused above.
        await tx
          .update(goodsVariants)
          .set({ sellerSku: sql`'~' || ${goodsVariants.id}` })
          .where(eq(goodsVariants.goodsId, row.id));
        const kept: number[] = [];
        try {
          for (const values of rows) {
            const old = byOptions.get(keyOf(values.options));
            if (!old) continue;
            await tx.update(goodsVariants).set(values).where(eq(goodsVariants.id, old.id));
            kept.push(old.id);
          }
          await tx
            .delete(goodsVariants)
            .where(
              and(
                eq(goodsVariants.goodsId, row.id),
                kept.length ? notInArray(goodsVariants.id, kept) : undefined,
              ),
            );
          const added = rows.filter((values) => !byOptions.has(keyOf(values.options)));
          if (added.length > 0) await tx.insert(goodsVariants).values(added);
        } catch (error) {
          // Another goods took one of these SKUs since the check above.
          if (pgErrorCode(error) === UNIQUE_VIOLATION)
            throw new AppError(ResultCode.CONFLICT, message('goods:errors.skuTaken'));
          throw error;
        }

        const prices = rows.map((v) => Number(v.price));
        await tx
          .update(goods)
          .set({
            attributes,
            variantCount: rows.length,
            stockTotal: rows.reduce((sum, v) => sum + v.stock, 0),
            priceMin: rows[prices.indexOf(Math.min(...prices))]!.price,
            updatedAt: new Date(),
          })
          .where(eq(goods.id, row.id));
        // The variants' stock goes to their live listings, one stock feed per marketplace and site.
        const { changed, feeds } = await syncListingStock(tx, jobs, auth.merchantId, rows);
        await recordOperation(tx, actorOf(request), {
          action: 'goods.variants',
          targetType: 'goods',
          targetId: row.id,
          detail: {
            title: row.title,
            variants: [before.length, rows.length],
            skus: skus.slice(0, 20),
            ...(changed.length > 0
              ? { listings: changed.length, feeds: feeds.map((f) => f.batchNo) }
              : {}),
          },
        });
        return ok({ variants: rows.length });
      });
    },
  );
};

export default goodsRoutes;
