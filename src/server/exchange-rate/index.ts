import type { Config } from '../config';
import { EcbRates } from './ecb';
import { SandboxRates } from './sandbox';
import { type ExchangeRateSource, RateUnavailable } from './source';

export type { ExchangeRateSource } from './source';
export { chinaDay, RateUnavailable } from './source';

/** The rate source EXCHANGE_RATE_SOURCE names: the sandbox (default) or the ECB's daily file. */
export function exchangeRateSourceOf(config: Config): ExchangeRateSource {
  switch (config.EXCHANGE_RATE_SOURCE) {
    case 'ecb':
      return new EcbRates(config.EXCHANGE_RATE_ECB_URL);
    default:
      return new SandboxRates();
  }
}

/** Yuan for one unit of `currency` on `day`, from the source; RateUnavailable when it has none. */
export async function rateOf(source: ExchangeRateSource, currency: string, day: string) {
  const rate = (await source.ratesOn(day))[currency];
  if (!rate || !(Number(rate) > 0)) throw new RateUnavailable(currency);
  return rate;
}
