import Big from 'big.js';
import { z } from 'zod';
import { messageKey as m } from './messages';

/** Most codes one paste or file brings in. */
export const UPC_IMPORT_MAX = 100_000;

/** Codes pasted or read from a file: one per line (or separated by commas, spaces or tabs). */
export const upcImportBody = z.object({
  codes: z
    .string()
    .max(UPC_IMPORT_MAX * 16, m('request.tooLarge'))
    .transform((text) => text.split(/[\s,;，；]+/).filter(Boolean))
    .refine((codes) => codes.length > 0, m('upc.pasteOne'))
    .refine((codes) => codes.length <= UPC_IMPORT_MAX, {
      message: m('upc.maxCodes'),
      params: { max: UPC_IMPORT_MAX },
    }),
});

export const upcImportReport = z.object({
  /** Codes written to the pool. */
  added: z.number(),
  /** Codes the pool had already, or that came twice in the paste. */
  duplicates: z.number(),
  /** Codes that are not UPC-A / EAN-13 with a right check digit (the first 200). */
  invalid: z.array(z.string()),
  invalidCount: z.number(),
});
export type UpcImportReport = z.infer<typeof upcImportReport>;

/** What the platform charges for one code it issues, in yuan. */
export const UPC_PRICE = '0.50';
/** Most codes one purchase buys. */
export const UPC_BUY_MAX = 1_000;

/** The price of `count` codes, exact. */
export const upcCost = (count: number) => new Big(UPC_PRICE).times(count).toFixed(2);

export const upcBuyBody = z.object({
  count: z.coerce
    .number({ error: m('validation.integer') })
    .int(m('validation.integer'))
    .min(1, m('validation.min'))
    .max(UPC_BUY_MAX, m('validation.max')),
  /**
   * Made once by the screen for one purchase: sent again (a retry, a second click) it charges and
   * issues nothing more.
   */
  purchase: z.string().uuid(),
});
export type UpcBuyBody = z.input<typeof upcBuyBody>;

export const upcBuyReport = z.object({
  /** The codes issued (none when the purchase had been made already). */
  codes: z.array(z.string()),
  /** Yuan charged, and the balance after. */
  amount: z.string(),
  balance: z.string(),
  repeated: z.boolean(),
});
export type UpcBuyReport = z.infer<typeof upcBuyReport>;
