import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PrinterBrand } from '../../shared/resources/printer';
import type { Config } from '../config';
import type { Database, Executor, Transaction } from '../db/client';
import { printers, printJobs } from '../db/schema/printer';
import { type JobQueue, RunAgain } from '../kit/jobs';
import type { PrinterAdapter, PrinterDevice } from './adapter';
import { FEIE_API_URL, feiePrinter } from './feie';
import { PAPER_COLUMNS, type Receipt, renderCopies } from './receipt';
import { notConfiguredPrinter, sandboxPrinter } from './sandbox';
import { YILIANYUN_API_URL, yilianyunPrinter } from './yilianyun';

export type { PrinterAdapter, PrinterDevice, PrinterStatus, PrintResult } from './adapter';
export type { Receipt } from './receipt';
export { renderCopies, renderReceipt, textWidth } from './receipt';

/** A transaction of the application database. */
export type Tx = Transaction;

/** The job that sends one print-log row to its printer. */
export const PRINT_JOB = 'printer.print';
/** The job that takes a deleted (or moved) printer's device off the provider's account. */
export const UNREGISTER_JOB = 'printer.unregister';
/** How often a receipt waiting for an offline printer looks again (setOnline wakes it at once). */
export const OFFLINE_RETRY_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Each printer brand's adapter, as this server's configuration connects them. */
    printers: PrinterAdapters;
  }
}

/** The printer brands as configured: one adapter each, built once (a token cache lives in one). */
export interface PrinterAdapters {
  /** The brand's adapter; a brand without its configuration says it is not configured. */
  adapterFor(brand: PrinterBrand): PrinterAdapter;
  /** Whether the brand can print here (the sandbox always). */
  connected(brand: PrinterBrand): boolean;
}

type PrinterConfig = Partial<
  Pick<
    Config,
    | 'FEIE_USER'
    | 'FEIE_UKEY'
    | 'FEIE_API_URL'
    | 'YILIANYUN_CLIENT_ID'
    | 'YILIANYUN_CLIENT_SECRET'
    | 'YILIANYUN_API_URL'
  >
>;

/**
 * The adapters of the printer brands: the sandbox always; Feie with FEIE_USER and FEIE_UKEY,
 * Yilianyun with YILIANYUN_CLIENT_ID and YILIANYUN_CLIENT_SECRET (the provider's console gives
 * them); a brand without its configuration answers `notConfigured`.
 */
export function printerAdapters(config: PrinterConfig): PrinterAdapters {
  const adapters: Record<PrinterBrand, PrinterAdapter> = {
    sandbox: sandboxPrinter,
    feie:
      config.FEIE_USER && config.FEIE_UKEY
        ? feiePrinter({
            user: config.FEIE_USER,
            ukey: config.FEIE_UKEY,
            apiUrl: config.FEIE_API_URL ?? FEIE_API_URL,
          })
        : notConfiguredPrinter,
    yilianyun:
      config.YILIANYUN_CLIENT_ID && config.YILIANYUN_CLIENT_SECRET
        ? yilianyunPrinter({
            clientId: config.YILIANYUN_CLIENT_ID,
            clientSecret: config.YILIANYUN_CLIENT_SECRET,
            apiUrl: config.YILIANYUN_API_URL ?? YILIANYUN_API_URL,
          })
        : notConfiguredPrinter,
  };
  return {
    adapterFor: (brand) => adapters[brand] ?? notConfiguredPrinter,
    connected: (brand) => (adapters[brand] ?? notConfiguredPrinter) !== notConfiguredPrinter,
  };
}

/** The printer a receipt is made for: a kitchen's or a bar's prints only its categories' lines. */
export type ReceiptPrinter = Pick<typeof printers.$inferSelect, 'id' | 'name' | 'categoryIds'>;

/**
 * Queues a receipt on the merchant's printers (those named, else every auto-print printer), in
 * the transaction given: rendered for each printer's paper width, `copies` times, one print-log
 * row and one job per printer. A receipt made per printer (split printing) may be null for a
 * printer with nothing to print. Answers how many were queued.
 */
export async function printReceipt(
  db: Database | Tx,
  jobs: JobQueue,
  merchantId: number,
  receipt: Receipt | ((printer: ReceiptPrinter) => Receipt | null),
  opts: { orderId?: number; orderNo?: string; source: 'order' | 'test'; printerIds?: number[] },
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
  let queued = 0;
  for (const printer of chosen) {
    const made = typeof receipt === 'function' ? receipt(printer) : receipt;
    if (!made) continue;
    queued += 1;
    const [row] = await db
      .insert(printJobs)
      .values({
        merchantId,
        printerId: printer.id,
        orderId: opts.orderId ?? null,
        orderNo: opts.orderNo ?? '',
        source: opts.source,
        content: renderCopies(made, PAPER_COLUMNS[printer.paper], printer.copies),
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
  return queued;
}

/**
 * Prints one print-log row, once: its job is one worker's at a time (the queue's lock, kept
 * between the provider's calls by `keepLock`), a row already printed or failed is left alone, and
 * the row is settled only while still waiting. No connection is held while the provider answers
 * (up to 10 s a call): a provider's outage must not take the pool from the screens. An offline
 * printer (or one out of paper) keeps it waiting (the job comes back later, not counted as an
 * attempt); a brand that cannot print marks it failed with the reason; a provider's refusal or an
 * unreachable provider is retried by the queue. A real printer's row takes the status its
 * provider reports.
 */
export async function printQueued(
  db: Database,
  adapters: PrinterAdapters,
  printJobId: number,
  keepLock: () => Promise<void> = async () => {},
) {
  const [job] = await db.select().from(printJobs).where(eq(printJobs.id, printJobId));
  if (job?.status !== 'waiting') return { skipped: true };
  const [printer] = await db.select().from(printers).where(eq(printers.id, job.printerId));
  if (!printer) return { skipped: true };
  const device = printer as PrinterDevice;
  const adapter = adapters.adapterFor(printer.brand);
  const settle = (values: Partial<typeof printJobs.$inferInsert>) =>
    db
      .update(printJobs)
      .set(values)
      .where(and(eq(printJobs.id, job.id), eq(printJobs.status, 'waiting')));
  const fail = async (error: string) => {
    await settle({ status: 'failed', error });
    return { failed: error };
  };
  const status = await adapter.status(device, db);
  if (status.error) return fail(status.error);
  const reported = status.online ? 'online' : 'offline';
  if (printer.brand !== 'sandbox' && printer.status !== reported)
    await db.update(printers).set({ status: reported }).where(eq(printers.id, printer.id));
  if (!status.online) return new RunAgain(OFFLINE_RETRY_MS);
  await keepLock();
  const printed = await adapter.print(device, job.content, { printJobId: job.id, ex: db });
  if (printed.error === 'notConfigured') return fail(printed.error);
  if (!printed.ok) throw new Error(printed.error ?? 'the printer did not print');
  await settle({ status: 'printed', error: '', printedAt: new Date() });
  return { printed: true };
}

/**
 * The print job's handler, on the app's queue. A provider's error is tried again; after the last
 * attempt the receipt is logged as failed with it.
 */
export function registerPrintJobs(db: Database, jobs: JobQueue, adapters: PrinterAdapters) {
  jobs.register<{ printJobId: number }>(PRINT_JOB, async (job) => {
    try {
      return await printQueued(db, adapters, job.payload.printJobId, () =>
        job.progress('printing'),
      );
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
 * A real brand's device no printer row may have any more (deleted, or saved with another SN or
 * brand): queued in the transaction that drops it, taken off the provider's account once it has
 * committed. The provider's refusal or silence is tried again.
 */
export async function unregisterLater(
  tx: Executor,
  jobs: JobQueue,
  adapters: PrinterAdapters,
  device: { merchantId: number; brand: PrinterBrand; serial: string },
) {
  if (device.brand === 'sandbox' || !adapters.connected(device.brand)) return;
  await jobs.enqueue(
    UNREGISTER_JOB,
    { brand: device.brand, serial: device.serial },
    { maxAttempts: 8, backoffMs: 30_000, merchantId: device.merchantId },
    tx,
  );
}

/**
 * The unregister job's handler: a device some printer row has again (added back meanwhile, by
 * this merchant or another) stays on the account.
 */
export function registerUnregisterJobs(db: Database, jobs: JobQueue, adapters: PrinterAdapters) {
  jobs.register<{ brand: PrinterBrand; serial: string }>(UNREGISTER_JOB, async (job) => {
    const { brand, serial } = job.payload;
    const [used] = await db
      .select({ id: printers.id })
      .from(printers)
      .where(and(eq(printers.brand, brand), eq(printers.serial, serial)))
      .limit(1);
    const adapter = adapters.adapterFor(brand);
    if (used || !adapter.unregister) return { kept: true };
    const removed = await adapter.unregister(serial);
    if (!removed.ok) throw new Error(removed.error ?? 'the provider did not remove the printer');
    return { removed: true };
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
