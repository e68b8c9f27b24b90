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
