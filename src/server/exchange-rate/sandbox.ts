import { createHash } from 'node:crypto';
import Big from 'big.js';
import type { ExchangeRateSource } from './source';

/** Plausible yuan rates the sandbox starts from. */
const BASE: Record<string, string> = {
  USD: '7.10',
  CAD: '5.20',
  MXN: '0.41',
  GBP: '8.95',
  EUR: '7.70',
  JPY: '0.047',
  AUD: '4.70',
};

/**
 * The sandbox's rates: the base table moved by at most ±1 % a day, the same for everyone on the
 * same day (a digest of the day and the currency), so that a fetch is repeatable in tests.
 */
export class SandboxRates implements ExchangeRateSource {
  readonly name = 'sandbox' as const;

  async ratesOn(day: string) {
    return Object.fromEntries(
      Object.entries(BASE).map(([currency, base]) => {
        const digest = createHash('sha256').update(`${day}:${currency}`).digest();
        // -100 … +100 basis points.
        const move = (digest.readUInt16BE(0) % 201) - 100;
        return [currency, new Big(base).times(new Big(move).div(10_000).plus(1)).toFixed(4)];
      }),
    );
  }
}
