import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PrinterBrand } from '../../shared/resources/printer';
import type { Database, Transaction } from '../db/client';
import { printers, printJobs } from '../db/schema';
import { type JobQueue, RunAgain } from '../kit/jobs';
import type { PrinterAdapter, PrinterDevice } from './adapter';
import { PAPER_COLUMNS, type Receipt, renderCopies } from './receipt';
import { notConfiguredPrinter, sandboxPrinter } from './sandbox';

export type { PrinterAdapter, PrinterDevice, PrinterStatus, PrintResult } from './adapter';
export type { Receipt } from './receipt';
export { renderCopies, renderReceipt, textWidth } from './receipt';

/** A transaction of the application database. */
export type Tx = Transaction;

/** The job that sends one print-log row to its printer. */
export const PRINT_JOB = 'printer.print';
/** How often a receipt waiting for an offline printer looks again (setOnline wakes it at once). */
export const OFFLINE_RETRY_MS = 30_000;

/** The adapter of a printer brand: only the sandbox prints here; the others say they are not set up. */
export function adapterFor(brand: PrinterBrand): PrinterAdapter {
  return brand === 'sandbox' ? sandboxPrinter : notConfiguredPrinter;
}

/**
 * Queues a receipt on the merchant's printers (those named, else every auto-print printer), in
 * the transaction given: rendered for each printer's paper width, `copies` times, one print-log
 * row and one job per printer. Answers how many were queued.
 */
export async function printReceipt(
  db: Database | Tx,
  jobs: JobQueue,
  merchantId: number,
  receipt: Receipt,
  opts: { orderId?: number; source: 'order' | 'test'; printerIds?: number[] },
): Promise<number> {
  const chosen = await db
    .select()
    .from(printers)
    .where(
      and(
        eq(printers.merchantId, merchantId),
        opts.printerIds ? inArray(printers.id, opts.printerIds) : eq(printers.autoPrint, true),
      ),
    )
    .orderBy(printers.id);
  for (const printer of chosen) {
    const [row] = await db
      .insert(printJobs)
      .values({
        merchantId,
        printerId: printer.id,
        orderId: opts.orderId ?? null,
        source: opts.source,
        content: renderCopies(receipt, PAPER_COLUMNS[printer.paper], printer.copies),
        copies: printer.copies,
      })
      .returning({ id: printJobs.id });
    await jobs.enqueue(
      PRINT_JOB,
      { printJobId: row!.id, printerId: printer.id },
      { maxAttempts: 8, backoffMs: 5_000, merchantId },
      db,
    );
  }
  return chosen.length;
}

/**
 * Prints one print-log row, once: under its row lock, a row already printed or failed is left
 * alone. An offline printer keeps it waiting (the job comes back later, not counted as an
 * attempt); a brand that cannot print marks it failed with the reason; a provider's error is
 * retried by the queue.
 */
export async function printQueued(db: Database, printJobId: number) {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(printJobs)
      .where(eq(printJobs.id, printJobId))
      .for('update');
    if (job?.status !== 'waiting') return { skipped: true };
    const [printer] = await tx.select().from(printers).where(eq(printers.id, job.printerId));
    if (!printer) return { skipped: true };
    const device = printer as PrinterDevice;
    const adapter = adapterFor(printer.brand);
    const fail = async (error: string) => {
      await tx.update(printJobs).set({ status: 'failed', error }).where(eq(printJobs.id, job.id));
      return { failed: error };
    };
    const status = await adapter.status(device, tx);
    if (status.error) return fail(status.error);
    if (!status.online) return new RunAgain(OFFLINE_RETRY_MS);
    const printed = await adapter.print(device, job.content, { printJobId: job.id, ex: tx });
    if (printed.error === 'notConfigured') return fail(printed.error);
    if (!printed.ok) throw new Error(printed.error ?? 'the printer did not print');
    await tx
      .update(printJobs)
      .set({ status: 'printed', error: '', printedAt: new Date() })
      .where(eq(printJobs.id, job.id));
    return { printed: true };
  });
}

/**
 * The print job's handler, on the app's queue. A provider's error is tried again; after the last
 * attempt the receipt is logged as failed with it.
 */
export function registerPrintJobs(db: Database, jobs: JobQueue) {
  jobs.register<{ printJobId: number }>(PRINT_JOB, async (job) => {
    try {
      return await printQueued(db, job.payload.printJobId);
    } catch (error) {
      if (job.attempt >= job.maxAttempts)
        await db
          .update(printJobs)
          .set({ status: 'failed', error: String((error as Error).message ?? error).slice(0, 500) })
          .where(and(eq(printJobs.id, job.payload.printJobId), eq(printJobs.status, 'waiting')));
      throw error;
    }
  });
}

/**
 * A printer back online: what waits for it is due now (in the transaction that brings it back).
 */
export async function wakeWaitingPrints(ex: Database | Tx, printerId: number) {
  await ex.execute(sql`
    update jobs set run_at = now(), updated_at = now()
    where name = ${PRINT_JOB} and state = 'queued'
      and (payload->>'printerId')::bigint = ${printerId}`);
}
