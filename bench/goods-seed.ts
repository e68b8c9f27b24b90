/** The goods benchmark's data: a category tree, goods with their variants, feed-ready goods, UPC codes, made in SQL. */
import { checkDigit } from '../src/shared/gtin';
import type { Direct, Kind } from './db';

export const FEED_GOODS = 500;
export const FEED_VARIANTS = 20;

export const rowsOf = <T>(answer: unknown) => (answer as { rows: T[] }).rows;
export const one = async <T>(direct: Direct, sql: string, params: unknown[] = []) =>
  rowsOf<T>(await direct.raw({ sql, params }))[0] as T;

/** A UPC-A code's check digit in SQL, from an 11-digit bigint expression. */
export function upcSql(body: string) {
  const terms = Array.from(
    { length: 11 },
    (_, i) => `((${body}) / ${10n ** BigInt(10 - i)} % 10) * ${i % 2 === 0 ? 3 : 1}`,
  );
  return `lpad((${body})::text, 11, '0') || ((10 - (${terms.join(' + ')}) % 10) % 10)::text`;
}

const TOP = ['服装', '鞋靴', '箱包', '家居', '厨房', '数码配件', '美妆个护', '户外运动'];
const SECOND = ['女士', '男士', '儿童', '礼品', '清仓'];
const THIRD = ['入门', '标准', '进阶', '旗舰', '套装'];
const COLOURS = ['黑', '白', '红', '蓝', '灰'];

/** A tree of goods categories: 8 departments, 5 groups each, 5 leaves each (200 leaves). */
const categorySql = [
  `insert into goods_categories (merchant_id, parent_id, name, marketplace_category, sort_order)
   select $1::bigint, null, t.name, 'Home/' || t.name, t.ord - 1
   from unnest(array['${TOP.join("','")}']) with ordinality t(name, ord)`,
  `insert into goods_categories (merchant_id, parent_id, name, marketplace_category, sort_order)
   select $1::bigint, p.id, c.name, p.marketplace_category || '/' || c.name, c.ord - 1
   from goods_categories p, unnest(array['${SECOND.join("','")}']) with ordinality c(name, ord)
   where p.merchant_id = $1 and p.parent_id is null`,
  `insert into goods_categories (merchant_id, parent_id, name, marketplace_category, sort_order)
   select $1::bigint, p.id, c.name, p.marketplace_category || '/' || c.name, c.ord - 1
   from goods_categories p join goods_categories pp on pp.id = p.parent_id and pp.parent_id is null,
        unnest(array['${THIRD.join("','")}']) with ordinality c(name, ord)
   where p.merchant_id = $1`,
];

// What each goods g is, the same in both statements: its variant count (1–5 by the thousand:
// three on average), base price, status (by a multiplicative hash of g, so that it does not
// follow the category) and time.
const PER_GOODS = `
  lateral (select 1 + g / 1000 % 5 as vc, (990 + (g::bigint * 104729) % 50000) / 100.0 as base,
                  (g::bigint * 2654435761 % 4294967296) / 256 % 100 as r,
                  now() - (g::bigint * 7919 % (365 * 86400)) * interval '1 second' as at) v,
  lateral (select case when v.r < 20 then 'draft' when v.r < 35 then 'ready'
                       when v.r < 95 then 'listed' else 'error' end as status) s`;
// A variant k's stock and price; a half of the drafts has no UPC yet, a third no image.
const STOCK = '((g::bigint * 13 + k * 29) % 150)::int';

const goodsSql = (rows: number) => `
  insert into goods (id, merchant_id, title, category_id, brand, images, bullet_points, description,
    status, attributes, variant_count, stock_total, price_min, created_at, updated_at)
  overriding system value
  select g, $1::bigint,
         (array['Aurora', 'Nordlys', 'Kestrel', 'Mosaic', 'Tern', 'Yarrow', '山野', '拾光'])[1 + g % 8]
           || ' ' || (array['T恤', '运动鞋', '双肩包', '收纳盒', '保温杯', '数据线', '面霜', '登山杖'])[1 + g / 8 % 8]
           || ' ' || g,
         l.ids[1 + g % array_length(l.ids, 1)],
         (array['Aurora', 'Nordlys', 'Kestrel', 'Mosaic', 'Tern', 'Yarrow', '山野', '拾光'])[1 + g % 8],
         case when s.status = 'draft' and g % 3 = 0 then '{}'::text[]
              else array['/uploads/bench/' || g || '-1.jpg', '/uploads/bench/' || g || '-2.jpg'] end,
         array['Soft, breathable fabric', 'Machine washable at 30 °C'],
         '<p>商品 ' || g || ' 的详细介绍：材质、尺寸与保养说明。</p>',
         s.status,
         jsonb_build_array(jsonb_build_object('name', '颜色',
           'values', to_jsonb((array['${COLOURS.join("','")}'])[1:v.vc]))),
         v.vc,
         (select sum(${STOCK})::int from generate_series(0, v.vc - 1) k),
         v.base, v.at - interval '30 days', v.at
  from (select array_agg(c.id order by c.id) as ids from goods_categories c
        where c.merchant_id = $1
          and not exists (select 1 from goods_categories k where k.parent_id = c.id)) l,
       generate_series(1, ${Math.floor(rows)}) g, ${PER_GOODS}`;

const variantsSql = (rows: number) => `
  insert into goods_variants (merchant_id, goods_id, options, seller_sku, upc, cost, price, stock,
    weight, sort_order)
  select $1::bigint, g, jsonb_build_object('颜色', (array['${COLOURS.join("','")}'])[k + 1]),
         'SKU-' || g || '-' || (k + 1),
         case when s.status = 'draft' and g % 2 = 0 then ''
              else ${upcSql(`60000000000 + g::bigint * 5 + k`)} end,
         round(v.base * 0.45, 2), v.base + k * 10, ${STOCK}, 100 + (g % 20) * 50, k
  from generate_series(1, ${Math.floor(rows)}) g, ${PER_GOODS},
       generate_series(0, v.vc - 1) k`;

/** FEED_GOODS goods ready to send, FEED_VARIANTS variants each (4 colours × 5 sizes). */
export const feedGoodsSql = (first: number) => [
  `insert into goods (id, merchant_id, title, category_id, brand, images, bullet_points, status,
     attributes, variant_count, stock_total, price_min)
   overriding system value
   select g, $1::bigint, 'Aurora 速干T恤 ' || g, $2::bigint, 'Aurora',
          array['/uploads/bench/' || g || '-1.jpg'], array['Quick-dry', 'UPF 50+'], 'ready',
          '[{"name":"颜色","values":["黑","白","红","蓝"]},{"name":"尺码","values":["S","M","L","XL","XXL"]}]',
          ${FEED_VARIANTS}, ${FEED_VARIANTS} * 50, 59.00
   from generate_series(${first}, ${first + FEED_GOODS - 1}) g`,
  `insert into goods_variants (merchant_id, goods_id, options, seller_sku, upc, cost, price, stock,
     weight, sort_order)
   select $1::bigint, g, jsonb_build_object('颜色', (array['黑','白','红','蓝'])[1 + k / 5],
            '尺码', (array['S','M','L','XL','XXL'])[1 + k % 5]),
          'TEE-' || g || '-' || (k + 1), ${upcSql(`70000000000 + g::bigint * ${FEED_VARIANTS} + k`)},
          25.00, 59.00 + k % 5, 50, 180, k
   from generate_series(${first}, ${first + FEED_GOODS - 1}) g,
        generate_series(0, ${FEED_VARIANTS - 1}) k`,
  `select setval(pg_get_serial_sequence('goods', 'id'), (select max(id) from goods))`,
];

/** The indexes and foreign keys of `tables` (made again after the rows: one sort each). */
export async function withoutIndexes(direct: Direct, tables: string[], fill: () => Promise<void>) {
  const list = tables.map((t) => `'${t}'`).join(', ');
  const keys = rowsOf<{ tbl: string; name: string; def: string }>(
    await direct.raw({
      sql: `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
            from pg_constraint where contype = 'f' and conrelid::regclass::text in (${list})`,
      params: [],
    }),
  );
  const indexes = rowsOf<{ name: string; def: string }>(
    await direct.raw({
      sql: `select i.indexname as name, i.indexdef as def from pg_indexes i
            where i.tablename in (${list}) and i.schemaname = 'public'
              and not exists (select 1 from pg_constraint c
                              where c.conindid = (quote_ident(i.indexname))::regclass)`,
      params: [],
    }),
  );
  for (const k of keys)
    await direct.raw({ sql: `alter table "${k.tbl}" drop constraint "${k.name}"`, params: [] });
  for (const i of indexes) await direct.raw({ sql: `drop index "${i.name}"`, params: [] });
  await fill();
  for (const i of indexes) await direct.raw({ sql: i.def, params: [] });
  for (const k of keys)
    await direct.raw({
      sql: `alter table "${k.tbl}" add constraint "${k.name}" ${k.def}`,
      params: [],
    });
}

export async function seed(kind: Kind, direct: Direct, merchantId: number, rows: number) {
  for (const sql of categorySql) await direct.raw({ sql, params: [merchantId] });
  console.log(
    `[${kind}] seeding ${rows.toLocaleString('en')} goods with their variants (indexes after)…`,
  );
  await withoutIndexes(direct, ['goods', 'goods_variants'], async () => {
    await direct.raw({ sql: goodsSql(rows), params: [merchantId] });
    await direct.raw({ sql: variantsSql(rows), params: [merchantId] });
  });
  await direct.raw({
    sql: `select setval(pg_get_serial_sequence('goods', 'id'), (select max(id) from goods))`,
    params: [],
  });
  for (const t of ['goods_categories', 'goods', 'goods_variants'])
    await direct.raw({ sql: `vacuum analyze ${t}`, params: [] });
}

/** 100,000 distinct valid codes: two in three UPC-A, one in three EAN-13 (690–699: China). */
export function upcCodes(count: number, from = 0) {
  return Array.from({ length: count }, (_, n) => {
    const i = n + from;
    const body =
      i % 3 === 2
        ? `69${String(i % 10)}${String(40_000_000 + i).padStart(9, '0')}`
        : `08${String(50_000_000 + i).padStart(9, '0')}`;
    return body + checkDigit(body);
  });
}
