/**
 * Where the day's exchange rates come from (EXCHANGE_RATE_SOURCE): the sandbox's own table, or a
 * published daily source (the European Central Bank's reference rates).
 */
export interface ExchangeRateSource {
  readonly name: 'sandbox' | 'ecb';
  /**
   * Yuan for one unit of each currency the source knows, four decimals (`{ USD: '7.1032' }`), as
   * published for `day` (YYYY-MM-DD) or the last day before it that was.
   */
  ratesOn(day: string): Promise<Record<string, string>>;
}

/** The source could not be read, or does not know the currency: said to the merchant. */
export class RateUnavailable extends Error {
  constructor(readonly currency: string) {
    super(`no exchange rate for ${currency}`);
  }
}

/** Today's date (YYYY-MM-DD) in China, where the merchant's day is counted. */
export function chinaDay(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}
