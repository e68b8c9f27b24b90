import { printerSandboxReceipts } from '../db/schema/printer';
import type { PrinterAdapter } from './adapter';

/**
 * The sandbox printer: prints onto its own roll, a table of the database, so the print log shows
 * exactly what a device would have printed. It is online or offline as the merchant sets it on
 * the printer's row (a real device reports it); a print job is printed once however often it is
 * tried (one receipt per job).
 */
export const sandboxPrinter: PrinterAdapter = {
  async status(printer) {
    return { online: printer.status === 'online' };
  },
  async print(printer, text, { printJobId, ex }) {
    if (printer.status !== 'online') return { ok: false, error: 'offline' };
    await ex
      .insert(printerSandboxReceipts)
      .values({
        merchantId: printer.merchantId,
        serial: printer.serial,
        printJobId,
        content: text,
      })
      .onConflictDoNothing();
    return { ok: true };
  },
};

/** A brand with no adapter in this product: it says so instead of printing. */
export const notConfiguredPrinter: PrinterAdapter = {
  async status() {
    return { online: false, error: 'notConfigured' };
  },
  async print() {
    return { ok: false, error: 'notConfigured' };
  },
};
