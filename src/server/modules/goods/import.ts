import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import { ATTRIBUTES_MAX, combinations, VALUES_MAX, VARIANTS_MAX } from '../../../shared/goods';
import { isGtin } from '../../../shared/gtin';
import { type Message, messageKey as m, message } from '../../../shared/messages';
import { imageUrl, moneyInput } from '../../../shared/resource-schema';
import en from '../../../shared/resources/goods.en';
import zh from '../../../shared/resources/goods.zh';
import type { Executor } from '../../db/client';
import { goods, goodsVariants } from '../../db/schema/goods';
import { goodsCategories } from '../../db/schema/goods-category';
import { goodsUpc } from '../../db/schema/goods-upc';
import { AppError } from '../../errors';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../kit/db-errors';
import type { ImportColumn, ImportHooks, ImportProblem, ImportRow } from '../../kit/import-hooks';
import { richTextOfCell } from '../../kit/sanitize-html';
import { syncListingStock } from '../listing/service';
import { missingOf } from './completeness';
import { fetchImages, keptImages } from './import-images';

const BULLETS = ['bullet1', 'bullet2', 'bullet3', 'bullet4', 'bullet5'] as const;
/** The goods' own cells: on its first row, and where repeated, the same on every row. */
const GOODS_FIELDS = ['title', 'category', 'brand', 'images', 'description', ...BULLETS];
const VARIANT_FIELDS = [
  'options',
  'sellerSku',
  'upc',
  'cost',
  'price',
  'stock',
  'weight',
  'variantImage',
];

type Header = keyof typeof zh.import.headers;
const both = (pick: (d: typeof zh) => string) => ({ zh: pick(zh), en: pick(en) });
const column = (
  field: Header,
  rule: (d: typeof zh) => string,
  example: { zh: string; en: string },
  required = false,
): ImportColumn => ({
  field,
  header: both((d) => d.import.headers[field]),
  rule: both(rule),
  example,
  required,
  asText: field === 'sellerSku' || field === 'upc' || field === 'goodsCode',
});
const same = (text: string) => ({ zh: text, en: text });

const REQUIRED = m('validation.required');
const text = (max: number) => z.string().trim().max(max, m('validation.maxLength')).optional();
const whole = (max: number) =>
  z.coerce
    .number({ error: m('validation.integer') })
    .int(m('validation.integer'))
    .min(0, m('validation.min'))
    .max(max, m('validation.max'))
    .optional();

/** `颜色:红;尺码:M` → [['颜色', '红'], ['尺码', 'M']] (full-width ： and ； too); empty → []. */
export function parseOptions(cell: string): [string, string][] | Message {
  const pairs: [string, string][] = [];
  for (const part of cell.split(/[;；]/)) {
    if (!part.trim()) continue;
    const at = part.search(/[:：]/);
    if (at < 0) return message('goods:import.errors.optionsFormat');
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (!name || !value || name.length > 20 || value.length > 30)
      return message('goods:import.errors.optionsFormat');
    if (pairs.some(([n]) => n === name))
      return message('goods:import.errors.optionsRepeat', { name });
    pairs.push([name, value]);
  }
  if (pairs.length > ATTRIBUTES_MAX)
    return message('goods:import.errors.optionsCount', { max: ATTRIBUTES_MAX });
  return pairs;
}

/** One row of a goods file: the goods' cells (any may be empty on a later row) and a variant's. */
const rowSchema = z.object({
  goodsCode: text(64),
  title: text(200),
  category: text(200),
  brand: text(50),
  images: z.array(imageUrl).max(9, m('validation.maxImages')).optional(),
  description: text(20_000),
  ...Object.fromEntries(BULLETS.map((b) => [b, text(500)])),
  options: z
    .string()
    .optional()
    .transform((cell, ctx) => {
      const parsed = parseOptions(cell ?? '');
      if (Array.isArray(parsed)) return parsed;
      ctx.addIssue({ code: 'custom', message: parsed.key, params: parsed.params });
      return z.NEVER;
    }),
  sellerSku: z
    .string()
    .trim()
    .max(40, m('validation.maxLength'))
    .regex(/^[\w.\-/]+$/, m('goods:import.errors.skuPattern'))
    .optional(),
  upc: z.string().trim().refine(isGtin, m('goods-upc:rules.code')).optional(),
  cost: moneyInput.optional(),
  price: moneyInput.optional(),
  stock: whole(9_999_999),
  weight: whole(999_999),
  variantImage: imageUrl.optional(),
});
type Values = z.infer<typeof rowSchema> & Record<string, unknown>;
const valuesOf = (row: ImportRow) => row.values as Values;

/** Rows with the same goods code are one goods; without a code, rows with the same title. */
function groupOf(cells: Record<string, unknown>): string {
  const code = String(cells.goodsCode ?? '').trim();
  return code ? `code:${code}` : `title:${String(cells.title ?? '').trim()}`;
}

function groupsOf(rows: ImportRow[]): ImportRow[][] {
  const groups = new Map<string, ImportRow[]>();
  for (const row of rows) {
    const key = groupOf(row.values);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}

/** A goods' cell: from the first of its rows that gives it. */
const first = (group: ImportRow[], field: string) =>
  group.find((r) => r.given.includes(field) && valuesOf(r)[field] !== undefined);

/** The merchant's categories by name and by path (`服装/上衣`), to read a category cell. */
async function categoryReader(ex: Executor, merchantId: number) {
  const rows = await ex
    .select({
      id: goodsCategories.id,
      parentId: goodsCategories.parentId,
      name: goodsCategories.name,
    })
    .from(goodsCategories)
    .where(eq(goodsCategories.merchantId, merchantId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (id: number): string[] => {
    const names: string[] = [];
    for (
      let at = byId.get(id), depth = 0;
      at && depth < 10;
      at = byId.get(at.parentId ?? 0), depth++
    )
      names.unshift(at.name.trim());
    return names;
  };
  const byPath = new Map(rows.map((r) => [pathOf(r.id).join('/'), r.id]));
  return (cell: string): number | Message => {
    const named = rows.filter((r) => r.name.trim() === cell);
    if (named.length === 1) return named[0]!.id;
    if (named.length > 1)
      return message('goods:import.errors.categoryAmbiguous', {
        name: cell,
        path: pathOf(named[0]!.id).join('/'),
      });
    const path = cell
      .split(/\s*[/／>＞]\s*/)
      .filter(Boolean)
      .join('/');
    return byPath.get(path) ?? message('goods:import.errors.categoryUnknown', { name: cell });
  };
}

/** The merchant's variants holding these seller SKUs, with their goods. */
async function variantsBySku(ex: Executor, merchantId: number, skus: string[]) {
  const found = new Map<string, { id: number; goodsId: number; upc: string; title: string }>();
  for (let at = 0; at < skus.length; at += 1000) {
    const rows = await ex
      .select({
        id: goodsVariants.id,
        sku: goodsVariants.sellerSku,
        goodsId: goodsVariants.goodsId,
        upc: goodsVariants.upc,
        title: goods.title,
      })
      .from(goodsVariants)
      .innerJoin(goods, eq(goods.id, goodsVariants.goodsId))
      .where(
        and(
          eq(goodsVariants.merchantId, merchantId),
          inArray(goodsVariants.sellerSku, skus.slice(at, at + 1000)),
        ),
      );
    for (const r of rows) found.set(r.sku, r);
  }
  return found;
}

/** A goods' attributes from its rows' options, each attribute's values in the order first seen. */
function attributesOf(group: ImportRow[]) {
  const attributes: { name: string; values: string[] }[] = [];
  for (const row of group)
    for (const [name, value] of valuesOf(row).options ?? []) {
      const attribute = attributes.find((a) => a.name === name);
      if (!attribute) attributes.push({ name, values: [value] });
      else if (!attribute.values.includes(value)) attribute.values.push(value);
    }
  return attributes;
}

const optionsKey = (pairs: [string, string][]) => JSON.stringify(pairs);

/**
 * Goods from a file, one row per variant (see the template's notes): rows grouped into goods by
 * their goods code (or title); the goods' cells on its first row, its category by name or path;
 * each variant's options, seller SKU, UPC/EAN from the pool, cost, price, stock and weight. A
 * goods lands as a draft with its variant grid and figures; a goods whose SKUs the merchant has
 * already is skipped, or updated (its cells given, and its variants by SKU), as asked. Images
 * named by an http(s) address are fetched before anything is written and kept as the merchant's
 * uploads (as the collection box keeps a page's): the goods names its copies, and an image that
 * cannot be fetched is its row's error.
 */
export default {
  columns: [
    column('goodsCode', (d) => d.import.rules.goodsCode, same('T-1001')),
    column('category', (d) => d.import.rules.category, { zh: '服装/上衣', en: 'Clothing/Tops' }),
    ...BULLETS.map((b) => column(b, (d) => d.import.rules.bullet, same(''))),
    column('options', (d) => d.import.rules.options, {
      zh: '颜色:红;尺码:M',
      en: 'Colour:Red;Size:M',
    }),
    column('sellerSku', (d) => d.import.rules.sellerSku, same('T1001-RED-M'), true),
    column('upc', (d) => d.import.rules.upc, same('036000291452')),
    column('cost', (d) => d.import.rules.money, same('12.50')),
    column('price', (d) => d.import.rules.money, same('39.90')),
    column('stock', (d) => d.import.rules.integer, same('100')),
    column('weight', (d) => d.import.rules.integer, same('180')),
    column('variantImage', (d) => d.import.rules.variantImage, same('')),
  ],
  rowSchema: rowSchema as unknown as z.ZodType<Record<string, unknown>>,
  groupOf,
  keyField: 'sellerSku',

  async check(rows, { db, merchantId }) {
    const problems: ImportProblem[] = [];
    const say = (row: ImportRow, field: string, text: Message) =>
      problems.push({ row: row.row, field, message: text });
    const groups = groupsOf(rows);

    // Seller SKUs (as the variant grid compares them) and codes, once in the file.
    const skus = new Map<string, number>();
    const codes = new Map<string, number>();
    for (const row of rows) {
      const { sellerSku, upc } = valuesOf(row);
      if (sellerSku) {
        const earlier = skus.get(sellerSku.toLowerCase());
        if (earlier) say(row, 'sellerSku', message('import.repeatsRow', { row: earlier }));
        else skus.set(sellerSku.toLowerCase(), row.row);
      }
      if (upc) {
        const earlier = codes.get(upc);
        if (earlier) say(row, 'upc', message('import.repeatsRow', { row: earlier }));
        else codes.set(upc, row.row);
      }
    }

    const categoryOf = await categoryReader(db, merchantId);
    const there = await variantsBySku(
      db,
      merchantId,
      rows.map((r) => valuesOf(r).sellerSku).filter((s): s is string => !!s),
    );
    let existing = 0;
    for (const group of groups) {
      const head = group[0]!;
      if (!first(group, 'title')) say(head, 'title', message('goods:import.errors.titleMissing'));
      // A goods' cells written again on a later row must say the same.
      for (const field of GOODS_FIELDS) {
        const given = first(group, field);
        if (!given) continue;
        const value = JSON.stringify(valuesOf(given)[field]);
        for (const row of group)
          if (
            row !== given &&
            row.given.includes(field) &&
            JSON.stringify(valuesOf(row)[field]) !== value
          )
            say(row, field, message('goods:import.errors.differs', { row: given.row }));
      }
      const category = valuesOf(first(group, 'category') ?? head).category;
      if (category) {
        const found = categoryOf(category);
        if (typeof found !== 'number') say(first(group, 'category')!, 'category', found);
      }
      // A variant row needs its SKU; a goods without one has that row only (no variants yet).
      for (const row of group)
        if (
          !valuesOf(row).sellerSku &&
          (group.length > 1 || VARIANT_FIELDS.some((f) => row.given.includes(f)))
        )
          say(row, 'sellerSku', message(REQUIRED));

      const held = group.filter((r) => there.has(valuesOf(r).sellerSku ?? ''));
      if (held.length > 0) {
        // A goods already there: all its rows must be its variants; skipped or updated.
        const goodsId = there.get(valuesOf(held[0]!).sellerSku!)!.goodsId;
        for (const row of group) {
          const sku = valuesOf(row).sellerSku ?? '';
          const owner = there.get(sku);
          if (!owner) {
            const known = there.get(valuesOf(held[0]!).sellerSku!)!;
            say(
              row,
              'sellerSku',
              message('goods:import.errors.skuMixed', {
                sku: valuesOf(held[0]!).sellerSku!,
                title: known.title,
              }),
            );
          } else if (owner.goodsId !== goodsId)
            say(
              row,
              'sellerSku',
              message('goods:import.errors.skuOtherGoods', {
                row: held[0]!.row,
                title: there.get(valuesOf(held[0]!).sellerSku!)!.title,
              }),
            );
        }
        existing += group.length;
      } else {
        // A new goods: its rows are its variant grid, every combination once.
        const names = (valuesOf(head).options ?? []).map(([n]) => n);
        const seen = new Map<string, number>();
        let consistent = true;
        for (const row of group) {
          const pairs = valuesOf(row).options ?? [];
          if (optionsKey(pairs.map(([n]) => [n, ''])) !== optionsKey(names.map((n) => [n, '']))) {
            say(row, 'options', message('goods:import.errors.optionsNames', { row: head.row }));
            consistent = false;
            continue;
          }
          const key = optionsKey(pairs);
          const earlier = seen.get(key);
          if (earlier) {
            say(row, 'options', message('goods:import.errors.optionsRepeatRow', { row: earlier }));
            consistent = false;
          } else seen.set(key, row.row);
        }
        const attributes = attributesOf(group);
        for (const a of attributes)
          if (a.values.length > VALUES_MAX) {
            say(
              head,
              'options',
              message('goods:import.errors.valuesCount', { name: a.name, max: VALUES_MAX }),
            );
            consistent = false;
          }
        if (group.length > VARIANTS_MAX) {
          say(head, 'options', message('goods:import.errors.variantsCount', { max: VARIANTS_MAX }));
          consistent = false;
        }
        const single = group.length === 1 && names.length === 0;
        if (consistent && !single) {
          const missing = combinations(attributes)
            .map((o) => names.map((n) => [n, o[n]!] as [string, string]))
            .filter((pairs) => !seen.has(optionsKey(pairs)))
            .map((pairs) =>
              message('goods:import.errors.missingVariant', {
                options: pairs.map(([, v]) => v).join(' / '),
              }),
            );
          if (missing.length > 0)
            say(
              head,
              'options',
              message('goods:import.errors.gridMissing', { list: missing.slice(0, 10) }),
            );
        }
      }
    }

    // Codes come from the merchant's pool: unused, or already that very variant's.
    if (codes.size > 0) {
      const pool = await db
        .select({ code: goodsUpc.code, status: goodsUpc.status })
        .from(goodsUpc)
        .where(and(eq(goodsUpc.merchantId, merchantId), inArray(goodsUpc.code, [...codes.keys()])));
      const status = new Map(pool.map((p) => [p.code, p.status]));
      for (const row of rows) {
        const { upc, sellerSku } = valuesOf(row);
        if (!upc) continue;
        const s = status.get(upc);
        if (!s) say(row, 'upc', message('goods:errors.notInPool'));
        else if (s !== 'unused' && there.get(sellerSku ?? '')?.upc !== upc)
          say(row, 'upc', message('goods:errors.upcGiven'));
      }
    }
    return { problems, existing };
  },

  prepare: (rows, context) =>
    fetchImages(
      rows.map((row) => ({
        row: row.row,
        images: valuesOf(row).images ?? [],
        variantImage: valuesOf(row).variantImage ?? '',
      })),
      context,
    ),

  async write(rows, { tx, request, merchantId, existing, prepared }) {
    const images = keptImages(prepared);
    const kept = images.kept;
    const categoryOf = await categoryReader(tx, merchantId);
    const there = await variantsBySku(
      tx,
      merchantId,
      rows.map((r) => valuesOf(r).sellerSku).filter((s): s is string => !!s),
    );
    let imported = 0;
    let updated = 0;
    const stocks: { sellerSku: string; stock: number }[] = [];
    /** The goods' cells its rows give, as columns. */
    const goodsValues = (group: ImportRow[]) => {
      const out: Partial<typeof goods.$inferInsert> = {};
      const cell = (field: string) => {
        const row = first(group, field);
        return row ? valuesOf(row)[field] : undefined;
      };
      if (cell('title') !== undefined) out.title = cell('title') as string;
      if (cell('brand') !== undefined) out.brand = cell('brand') as string;
      if (cell('images') !== undefined) out.images = (cell('images') as string[]).map(kept);
      if (cell('description') !== undefined)
        out.description = richTextOfCell(cell('description') as string);
      const category = cell('category') as string | undefined;
      if (category !== undefined) out.categoryId = categoryOf(category) as number;
      const bullets = group.find((r) => BULLETS.some((b) => r.given.includes(b)));
      if (bullets)
        out.bulletPoints = BULLETS.map((b) => valuesOf(bullets)[b] as string | undefined).filter(
          (v): v is string => !!v,
        );
      return out;
    };
    /** Gives codes from the pool to variants; one taken since the check refuses the import. */
    const assign = async (wanted: string[]) => {
      if (wanted.length === 0) return;
      const given = await tx
        .update(goodsUpc)
        .set({ status: 'assigned' })
        .where(
          and(
            eq(goodsUpc.merchantId, merchantId),
            inArray(goodsUpc.code, wanted),
            eq(goodsUpc.status, 'unused'),
          ),
        )
        .returning({ code: goodsUpc.code });
      if (given.length !== wanted.length)
        throw new AppError(ResultCode.CONFLICT, message('goods:errors.upcGiven'), 409);
    };
    /** The goods' count, stock and lowest price from its variants, and a ready goods kept complete. */
    const refigure = async (goodsId: number) => {
      const variants = await tx
        .select({ price: goodsVariants.price, stock: goodsVariants.stock })
        .from(goodsVariants)
        .where(eq(goodsVariants.goodsId, goodsId));
      const prices = variants.map((v) => Number(v.price));
      const [row] = await tx
        .update(goods)
        .set({
          variantCount: variants.length,
          stockTotal: variants.reduce((sum, v) => sum + v.stock, 0),
          priceMin: variants.length ? variants[prices.indexOf(Math.min(...prices))]!.price : '0',
          updatedAt: new Date(),
        })
        .where(eq(goods.id, goodsId))
        .returning();
      if (row?.status === 'ready' && (await missingOf(tx, row)).length > 0)
        await tx.update(goods).set({ status: 'draft' }).where(eq(goods.id, goodsId));
    };

    try {
      for (const group of groupsOf(rows)) {
        const held = there.get(valuesOf(group[0]!).sellerSku ?? '');
        if (held) {
          if (existing !== 'update') continue;
          const changes = goodsValues(group);
          if (Object.keys(changes).length > 0)
            await tx.update(goods).set(changes).where(eq(goods.id, held.goodsId));
          for (const row of group) {
            const v = valuesOf(row);
            const variant = there.get(v.sellerSku!)!;
            const set: Partial<typeof goodsVariants.$inferInsert> = {};
            for (const field of ['cost', 'price', 'stock', 'weight'] as const)
              if (v[field] !== undefined) (set as Record<string, unknown>)[field] = v[field];
            if (v.variantImage !== undefined) set.image = kept(v.variantImage);
            if (v.upc && v.upc !== variant.upc) {
              if (variant.upc)
                await tx
                  .update(goodsUpc)
                  .set({ status: 'unused' })
                  .where(
                    and(
                      eq(goodsUpc.merchantId, merchantId),
                      eq(goodsUpc.code, variant.upc),
                      eq(goodsUpc.status, 'assigned'),
                    ),
                  );
              await assign([v.upc]);
              set.upc = v.upc;
            }
            if (Object.keys(set).length > 0)
              await tx.update(goodsVariants).set(set).where(eq(goodsVariants.id, variant.id));
            if (v.stock !== undefined) stocks.push({ sellerSku: v.sellerSku!, stock: v.stock });
          }
          await refigure(held.goodsId);
          updated += group.length;
          continue;
        }
        const attributes = attributesOf(group);
        const names = attributes.map((a) => a.name);
        const order = combinations(attributes).map((o) => optionsKey(names.map((n) => [n, o[n]!])));
        const variants = group
          .filter((r) => valuesOf(r).sellerSku)
          .map((r) => valuesOf(r))
          .sort(
            (a, b) =>
              order.indexOf(optionsKey(a.options ?? [])) -
              order.indexOf(optionsKey(b.options ?? [])),
          );
        // Its figures from its variants, as the grid's save keeps them.
        const prices = variants.map((v) => Number(v.price ?? 0));
        const [draft] = await tx
          .insert(goods)
          .values({
            merchantId,
            title: '',
            ...goodsValues(group),
            attributes,
            variantCount: variants.length,
            stockTotal: variants.reduce((sum, v) => sum + (v.stock ?? 0), 0),
            priceMin: variants.length
              ? (variants[prices.indexOf(Math.min(...prices))]!.price ?? '0')
              : '0',
          })
          .returning({ id: goods.id });
        if (variants.length > 0) {
          await assign(variants.map((v) => v.upc).filter((c): c is string => !!c));
          await tx.insert(goodsVariants).values(
            variants.map((v, i) => ({
              merchantId,
              goodsId: draft!.id,
              options: Object.fromEntries(v.options ?? []),
              sellerSku: v.sellerSku!,
              upc: v.upc ?? '',
              cost: v.cost ?? '0',
              price: v.price ?? '0',
              stock: v.stock ?? 0,
              weight: v.weight ?? 0,
              image: kept(v.variantImage ?? ''),
              sortOrder: i,
            })),
          );
        }
        imported += group.length;
      }
    } catch (error) {
      // Another request took one of these SKUs since the check.
      if (pgErrorCode(error) === UNIQUE_VIOLATION)
        throw new AppError(ResultCode.CONFLICT, message('goods:errors.skuTaken'), 409);
      throw error;
    }
    await images.addToLibrary(tx, merchantId);
    // Stock updated by the file goes to the variants' live listings, as the grid's save does.
    await syncListingStock(tx, request.server.jobs, merchantId, stocks);
    return { imported, updated };
  },

  exampleRows(language) {
    const zhRows = language !== 'en';
    const goodsCells = {
      goodsCode: 'T-1001',
      title: zhRows ? '纯棉圆领 T 恤' : 'Cotton crew-neck T-shirt',
      category: zhRows ? '服装/上衣' : 'Clothing/Tops',
      brand: 'Acme',
      images: 'https://example.com/t-1001-1.jpg, https://example.com/t-1001-2.jpg',
      description: zhRows ? '柔软透气的纯棉 T 恤' : 'A soft, breathable cotton T-shirt',
      bullet1: zhRows ? '100% 纯棉' : '100% cotton',
      bullet2: zhRows ? '机洗不缩水' : 'Machine washable, no shrinking',
    };
    const colour = zhRows ? '颜色' : 'Colour';
    const size = zhRows ? '尺码' : 'Size';
    const [red, blue] = zhRows ? ['红', '蓝'] : ['Red', 'Blue'];
    return [
      [red, 'M', 'RED-M', '39.90', '100'],
      [red, 'L', 'RED-L', '39.90', '80'],
      [blue, 'M', 'BLUE-M', '42.00', '60'],
      [blue, 'L', 'BLUE-L', '42.00', '0'],
    ].map(([c, s, sku, price, stock], i) => ({
      ...(i === 0 ? goodsCells : { goodsCode: 'T-1001' }),
      options: `${colour}:${c};${size}:${s}`,
      sellerSku: `T1001-${sku}`,
      cost: '12.50',
      price: price!,
      stock: stock!,
      weight: '180',
    }));
  },
} satisfies ImportHooks;
