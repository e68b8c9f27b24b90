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
  /** Why a printer the provider reaches cannot print now (`paperOut`): it waits like an offline one. */
  problem?: 'paperOut';
}

/** A device as the provider's account needs it to be added: its SN and the key on its label. */
export interface PrinterRegistration {
  serial: string;
  secretKey: string;
  name: string;
}

/**
 * A brand of cloud printer: what the product asks of it. A real brand (Feie, Yilianyun: feie.ts,
 * yilianyun.ts) calls the provider's HTTP API with the account's credentials and the device's SN;
 * the sandbox ships. `status` throws when the provider cannot be asked (the print job retries).
 */
export interface PrinterAdapter {
  print(printer: PrinterDevice, text: string, context: PrintContext): Promise<PrintResult>;
  status(printer: PrinterDevice, ex: Executor): Promise<PrinterStatus>;
  /** Adds the device to the provider's account (a real brand, when the printer is saved). */
  register?(device: PrinterRegistration): Promise<PrintResult>;
  /**
   * Takes the device off the provider's account (a real brand, once no printer row has it): a
   * device not on the account is fine.
   */
  unregister?(serial: string): Promise<PrintResult>;
}
