import { z } from 'zod';

import { has } from './resource';
import { resources } from './resources';

/** What the data helper imports: the resources whose actions include `import`. */
export const IMPORT_KINDS = resources.filter((r) => has(r, 'import')).map((r) => r.name);

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
  kind: z.string(),
  total: z.number(),
  valid: z.number(),
  errors: z.array(importRowError),
  /** Valid rows whose key (a customer's phone) the merchant has already: skipped or updated. */
  existing: z.number(),
  /** The header of the column that finds a row already there (a variant's seller SKU). */
  key: z.string().optional(),
  /** Set by commit: rows added, and rows already there that were updated. */
  imported: z.number().optional(),
  updated: z.number().optional(),
});
export type ImportReport = z.infer<typeof importReport>;
