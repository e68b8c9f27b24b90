import type { PrinterBrand } from '../../shared/resources/printer';
import type { Executor } from '../db/client';

/** A printer as its adapter needs it: the row of `printers`. */
export interface PrinterDevice {
  id: number;
  merchantId: number;
  brand: PrinterBrand;
  serial: string;
  secretKey: string;
  status: 'online' | 'offline';
}

/** One print: the print log's row, and the transaction that records its outcome. */
export interface PrintContext {
  printJobId: number;
  ex: Executor;
}

export interface PrintResult {
  ok: boolean;
  /** Why not: a code the screens translate (`notConfigured`) or the provider's words. */
  error?: string;
}

export interface PrinterStatus {
  online: boolean;
  /** Set when the printer can never print as configured (no adapter for its brand). */
  error?: string;
}

/**
 * A brand of cloud printer: what the product asks of it. A real brand (Feie, Yilianyun) is a
 * class calling the provider's HTTP API with the device's SN and key; the sandbox ships.
 */
export interface PrinterAdapter {
  print(printer: PrinterDevice, text: string, context: PrintContext): Promise<PrintResult>;
  status(printer: PrinterDevice, ex: Executor): Promise<PrinterStatus>;
}
