/**
 * Paging facts both sides need, kept free of zod so that a list screen can read them without
 * loading the schema library (the server's list schemas in ./list use them too).
 */

/** Largest page a list call answers. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** The page sizes a list screen offers. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
/** The deepest page a list call answers (past it, filter or page by cursor). */
export const MAX_PAGE = 100_000;
/**
 * Counting stops here: past it a list answers the database's estimate ("about 124,000") instead
 * of scanning every matching row. Keeps page 1 of a million-row list as fast as page 1 of a
 * small one.
 */
export const COUNT_LIMIT = 1_000;

/**
 * What a list call answers: one page of items and how many match — exact up to COUNT_LIMIT,
 * past it an estimate (more than COUNT_LIMIT).
 */
export type ListResult<T> = { total: number; totalExact: boolean; items: T[] };
