import { z } from 'zod';
import { messageKey as m } from './messages';

/** Most URLs one collect takes (each is fetched, a few at a time). */
export const COLLECT_MAX_URLS = 20;
/** Most characters of pasted page source. */
export const COLLECT_MAX_HTML = 2_000_000;

/** Whether a pasted piece is an http(s) address. */
export const isHttpUrl = (text: string) => {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    return !!new URL(text).host;
  } catch {
    return false;
  }
};

/**
 * URLs one a line (or separated by spaces), as pasted. A line with anything but addresses on it
 * stays whole, so that the refusal names it ("not a url" is one wrong line, not three URLs).
 */
export const splitUrls = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .flatMap((line) => {
      const parts = line.split(/\s+/);
      return parts.every(isHttpUrl) ? parts : [line];
    });

/** Product pages to collect: URLs to fetch, or one page's source pasted (with its address). */
export const collectBody = z.union([
  z.object({
    urls: z
      .string()
      .max(COLLECT_MAX_URLS * 2100, m('request.tooLarge'))
      .transform(splitUrls)
      .refine((urls) => urls.length > 0, m('collection-box:errors.urlsOne'))
      .refine((urls) => urls.length <= COLLECT_MAX_URLS, {
        message: m('collection-box:errors.urlsMax'),
        params: { max: COLLECT_MAX_URLS },
      }),
  }),
  z.object({
    html: z.string().min(1).max(COLLECT_MAX_HTML, m('request.tooLarge')),
    url: z.string().trim().max(2000).optional(),
  }),
]);

/** What became of one URL (or of the pasted page). */
export const collectResult = z.object({
  url: z.string(),
  outcome: z.enum(['collected', 'duplicate', 'refused', 'failed']),
  /** Why it was refused or failed, in the request's language. */
  reason: z.string().optional(),
  /** The item in the box (collected, or already there). */
  id: z.number().optional(),
  title: z.string().optional(),
  /** Collected: its images kept in the merchant's uploads, and those that could not be, and why. */
  imagesStored: z.number().optional(),
  imagesFailed: z.array(z.object({ url: z.string(), reason: z.string() })).optional(),
  /** Collected: how many variants the page gave (none for a product of one kind). */
  variants: z.number().optional(),
});
export type CollectResult = z.infer<typeof collectResult>;

export const collectReport = z.object({ results: z.array(collectResult) });
export type CollectReport = z.infer<typeof collectReport>;
