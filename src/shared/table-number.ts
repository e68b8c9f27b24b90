import { z } from 'zod';

/** One table's code. */
export const tableQrBody = z.object({ id: z.number().int().positive() }).strict();
/** Its link and its PNG (a data URL), for the QR dialog. */
export const tableQrResult = z.object({ url: z.string(), png: z.string(), filename: z.string() });
/** Every table's code, labelled in the UI's language. */
export const tableSheetBody = z.object({}).strict().optional();
