import { z } from 'zod';

/** The header search's record lookup: text to find in the areas the account may open. */
export const recordSearchParams = z.object({
  q: z.string().trim().min(1).max(64),
});

export const recordHit = z.object({
  /** What it is called (a customer's name, an article's title). */
  title: z.string(),
  /** A second line (a customer's phone, masked as on the list without the phone permission). */
  note: z.string(),
  /** Where it opens in the app. */
  link: z.string(),
});

/** Hits grouped under the screen (route name) they belong to. */
export const recordSearchResult = z.object({
  groups: z.array(z.object({ screen: z.string(), hits: z.array(recordHit) })),
});
export type RecordSearchResult = z.infer<typeof recordSearchResult>;

/** Hits per screen. */
export const RECORD_HITS = 5;
