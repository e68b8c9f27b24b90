import { z } from 'zod';
import { PRINTER_BRANDS } from './resources/printer';

/** The brands this server prints to: the sandbox, and each real brand it has the account of. */
export const printerBrandsResult = z.object({ connected: z.array(z.enum(PRINTER_BRANDS)) });

/** A test page on one printer. */
export const testPrintBody = z.object({ id: z.number().int().positive() }).strict();
export const testPrintResult = z.object({ queued: z.number() });

/** One page of a printer's print log, newest first. */
export const printLogBody = z
  .object({
    printerId: z.number().int().positive(),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
  })
  .strict();

export const printLogEntry = z.object({
  id: z.number(),
  orderId: z.number().nullable(),
  /** The order's number, as the merchant knows it ('' for a test page). */
  orderNo: z.string(),
  source: z.enum(['test', 'order']),
  content: z.string(),
  copies: z.number(),
  status: z.enum(['waiting', 'printed', 'failed']),
  error: z.string(),
  createdAt: z.string(),
  printedAt: z.string().nullable(),
});
export type PrintLogEntry = z.infer<typeof printLogEntry>;

/** A print-log receipt printed again, as it was, on its printer. */
export const reprintJobBody = z.object({ id: z.number().int().positive() }).strict();

export const printLogResult = z.object({ items: z.array(printLogEntry), total: z.number() });
