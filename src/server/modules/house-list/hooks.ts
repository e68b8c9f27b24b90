import Big from 'big.js';
import { and, or, type SQL, sql } from 'drizzle-orm';
import { houseListings } from '../../db/schema/house-list';
import { between } from '../../kit/filters';
import type { ResourceHooks } from '../../kit/resource-routes';

type Range = [string | null, string | null] | undefined;

/**
 * The unit prices a search by total and area allows (yuan per m², rounded to the yuan as
 * `unitPriceOf` rounds them, one yuan of margin each way): a listing of 200–600 万 and 60–140 m²
 * costs 14,285–100,000 a m². Said to the database beside the ranges, it lets the list sorted by
 * unit price start its index walk there, instead of testing every cheaper listing first (19,335
 * of them in the bench's 500,000).
 */
export function impliedUnitPrice(total: Range, area: Range): [string | null, string | null] {
  const [minTotal, maxTotal] = total ?? [null, null];
  const [minArea, maxArea] = area ?? [null, null];
  const low =
    minTotal !== null && maxArea !== null && new Big(maxArea).gt(0)
      ? new Big(minTotal).times(10_000).div(maxArea).round(0, Big.roundDown).minus(1)
      : null;
  const high =
    maxTotal !== null && minArea !== null && new Big(minArea).gt(0)
      ? new Big(maxTotal).times(10_000).div(minArea).round(0, Big.roundUp).plus(1)
      : null;
  // Past what a bound can be written as (12 digits), a bound says nothing anyway.
  return [
    low?.gt(0) && low.lt(1e12) ? low.toFixed(0) : null,
    high?.lt(1e12) ? high.toFixed(0) : null,
  ];
}

const given = (range: Range): range is [string | null, string | null] =>
  range !== undefined && (range[0] !== null || range[1] !== null);

/** A unit type's rooms, read from its layout: 3 of "三室两厅" or "3室2厅". */
const unitRooms = sql.raw(
  `substring(translate(u."layout", '一二两三四五六七八九', '1223456789') from '(\\d+)\\s*[室房]')::int`,
);

/**
 * The projects of the merchant one of whose unit types has a total, an area and rooms within
 * the ranges (a project's own row has none of the three: it has a unit type of each kind). Said
 * by the listing's id, which each sort index holds, so a search stays inside the index.
 */
function projectsWithin(merchantId: number, total: Range, area: Range, rooms: Range): SQL {
  const unitType = and(
    ...between(sql.raw(`(u."price")::numeric`), total),
    ...between(sql.raw(`(u."area")::numeric`), area),
    ...between(unitRooms, rooms),
  );
  return sql`${houseListings.id} in (select l."id" from "house_listings" l
    join "new_houses" n on n."id" = l."source_id" and n."merchant_id" = l."merchant_id"
    where l."merchant_id" = ${merchantId} and l."kind" = 'newHouse' and exists (
      select 1 from jsonb_to_recordset(n."unit_types") as u("layout" text, "area" text, "price" text)
      where ${unitType}))`;
}

/**
 * The house list's search. Its total, area and rooms ranges are written here, not derived: a
 * resale listing is tested on its own figures, a new-house project on its unit types.
 */
export default {
  // The three ranges are answered by `scope` together (one unit type must meet all three);
  // these only keep the derived filter off their columns.
  filters: { totalPrice: () => sql`true`, area: () => sql`true`, rooms: () => sql`true` },
  scope(request) {
    const body = (request.body ?? {}) as {
      totalPriceRange?: Range;
      areaRange?: Range;
      roomsRange?: Range;
    };
    const total = given(body.totalPriceRange) ? body.totalPriceRange : undefined;
    const area = given(body.areaRange) ? body.areaRange : undefined;
    const rooms = given(body.roomsRange) ? body.roomsRange : undefined;
    if (!total && !area && !rooms) return [];
    const [low, high] = impliedUnitPrice(total, area);
    const resale = and(
      ...between(houseListings.totalPrice, total),
      ...between(houseListings.area, area),
      ...between(houseListings.rooms, rooms),
      ...(low === null && high === null ? [] : between(houseListings.unitPrice, [low, high])),
    );
    return [or(resale, projectsWithin(request.auth!.merchantId, total, area, rooms))];
  },
} satisfies ResourceHooks;
