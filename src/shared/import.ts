import { z } from 'zod';

export const IMPORT_KINDS = ['customers', 'articles'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Largest import accepted, in rows. */
export const IMPORT_MAX_ROWS = 20_000;

export const importRowError = z.object({
  /** Spreadsheet row number (the header is row 1). */
  row: z.number(),
  /** The column's header as written in the file. */
  column: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

export const importReport = z.object({
  kind: z.enum(IMPORT_KINDS),
  total: z.number(),
  valid: z.number(),
  errors: z.array(importRowError),
  /** Set by commit: rows written. */
  imported: z.number().optional(),
});
export type ImportReport = z.infer<typeof importReport>;
