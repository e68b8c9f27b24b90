import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PRINTER_BRANDS, PRINTER_PAPERS } from '../../../shared/resources/printer';
import { at, id, ref, refs, timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/** The store's cloud receipt printers (/printer); `status` is what the brand's adapter reports. */
export const printers = pgTable(
  'printers',
  {
    ...merchantKeys(),
    name: text('name').notNull(),
    brand: text('brand', { enum: PRINTER_BRANDS }).notNull().default('sandbox'),
    serial: text('serial').notNull(),
    /** Write-only: the brand's API key for the device. */
    secretKey: text('secret_key').notNull().default(''),
    copies: integer('copies').notNull().default(1),
    paper: text('paper', { enum: PRINTER_PAPERS }).notNull().default('58'),
    autoPrint: boolean('auto_print').notNull().default(true),
    /** The product categories it prints (a kitchen's, a bar's); none: every line. */
    categoryIds: refs('category_ids'),
    status: text('status', { enum: ['online', 'offline'] })
      .notNull()
      .default('offline'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('printers_serial_unique').on(t.merchantId, t.serial),
    merchantListIndex('printers_list_created_idx', t, t.createdAt),
  ],
);

/**
 * The print log: every receipt sent to a printer, with its text exactly as printed (the job
 * queue prints it: waiting while the printer is offline, then printed or failed).
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    ...merchantKeys(),
    printerId: ref('printer_id')
      .notNull()
      .references(() => printers.id, { onDelete: 'cascade' }),
    /** The storefront order it is for (none for a test page). */
    orderId: ref('order_id'),
    /** That order's number, as the print log shows it. */
    orderNo: text('order_no').notNull().default(''),
    source: text('source', { enum: ['test', 'order'] }).notNull(),
    content: text('content').notNull(),
    copies: integer('copies').notNull().default(1),
    status: text('status', { enum: ['waiting', 'printed', 'failed'] })
      .notNull()
      .default('waiting'),
    error: text('error').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    printedAt: at('printed_at'),
  },
  (t) => [index('print_jobs_printer_idx').on(t.merchantId, t.printerId, t.createdAt, t.id)],
);

/** The sandbox printer's own paper roll (printer/sandbox.ts): what a real device would print. */
export const printerSandboxReceipts = pgTable(
  'printer_sandbox_receipts',
  {
    id: id(),
    merchantId: ref('merchant_id').notNull(),
    serial: text('serial').notNull(),
    /** The print job it came from: a job is printed once, however often it is tried. */
    printJobId: ref('print_job_id').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('printer_sandbox_receipts_job_key').on(t.printJobId)],
);
