import { z } from 'zod';
import { messageKey as m } from './messages';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from './paging';

export { COUNT_LIMIT, DEFAULT_PAGE_SIZE, type ListResult, MAX_PAGE_SIZE } from './paging';

/**
 * The body of a `/admin/<area>/list` call: paging, a sort from the area's whitelist, and the
 * area's typed filters. Use the same schema for the list screen's URL state.
 */
export function listParams<F extends z.ZodRawShape, S extends readonly [string, ...string[]]>(
  filters: F,
  sortable: S,
  defaultSort: S[number],
) {
  return z.object({
    ...filters,
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort: z.enum(sortable).default(defaultSort as never),
    order: z.enum(['asc', 'desc']).default('desc'),
  });
}

/**
 * What a list call answers: one page of items and how many match — exact up to COUNT_LIMIT,
 * past it an estimate (more than COUNT_LIMIT).
 */
export function listResult<T extends z.ZodType>(item: T) {
  return z.object({
    total: z.number(),
    /** False past COUNT_LIMIT: `total` is then the database's estimate (> COUNT_LIMIT). */
    totalExact: z.boolean(),
    items: z.array(item),
  });
}

export const idParam = z.object({ id: z.coerce.number().int().positive() });
export const idsParam = z.object({
  ids: z
    .array(z.coerce.number().int().positive())
    .min(1, m('validation.chooseRows'))
    .max(MAX_PAGE_SIZE, m('validation.maxRows')),
});

/** Years a date filter may name: the database holds far more, but nothing a merchant keeps. */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 9999;

const YEARS = {
  message: m('validation.dateYears'),
  params: { min: DATE_MIN_YEAR, max: DATE_MAX_YEAR },
};
const withinYears = (v: string) => {
  const year = new Date(v.length === 10 ? `${v}T00:00:00Z` : v).getUTCFullYear();
  return year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;
};

/** A calendar day (YYYY-MM-DD) within DATE_MIN_YEAR–DATE_MAX_YEAR. */
export const day = z.iso.date(m('validation.date')).refine(withinYears, YEARS);

/** An instant with its offset within DATE_MIN_YEAR–DATE_MAX_YEAR (offsets applied). */
export const instant = z.iso
  .datetime({ offset: true, message: m('validation.datetime') })
  .refine(withinYears, YEARS);

/** An ISO date or datetime within DATE_MIN_YEAR–DATE_MAX_YEAR (as an instant, offsets applied). */
export const dateBound = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .refine(withinYears, YEARS);

/** An optional date range filter: ISO dates or datetimes, inclusive. */
export const dateRange = z.tuple([dateBound, dateBound]).optional();

/** One end of a number range: a decimal, or null for open. */
const numberBound = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,4})?$/, m('validation.decimal'))
  .nullable();
/** An optional number range filter (a price, an area), inclusive; either end may be open. */
export const numberRange = z.tuple([numberBound, numberBound]).optional();

/** Trimmed text where blank means "not given". */
export const optionalText = (max = 100) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
