import Big from 'big.js';
import { type ExchangeRateSource, RateUnavailable } from './source';

/**
 * The European Central Bank's euro reference rates, published each working day at about 16:00
 * CET as eurofxref-daily.xml: `<Cube currency='USD' rate='1.0830'/>` is dollars for one euro,
 * CNY among them. Yuan for one unit of a currency is then CNY ÷ that currency (one euro: the CNY
 * rate itself). The file holds the last working day's rates whatever `day` is asked.
 */
export class EcbRates implements ExchangeRateSource {
  readonly name = 'ecb' as const;

  constructor(
    private readonly url: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async ratesOn(_day: string) {
    let xml: string;
    try {
      const response = await fetch(this.url, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      xml = await response.text();
    } catch {
      throw new RateUnavailable('CNY');
    }
    return yuanRatesOfEcb(xml);
  }
}

/** The yuan rates in an ECB daily file (eurofxref-daily.xml); none without a CNY rate. */
export function yuanRatesOfEcb(xml: string): Record<string, string> {
  const perEuro = new Map<string, Big>();
  for (const match of xml.matchAll(/currency=['"]([A-Z]{3})['"]\s+rate=['"]([\d.]+)['"]/g))
    if (Number(match[2]) > 0) perEuro.set(match[1]!, new Big(match[2]!));
  const cny = perEuro.get('CNY');
  if (!cny) throw new RateUnavailable('CNY');
  const rates: Record<string, string> = { EUR: cny.toFixed(4) };
  for (const [currency, rate] of perEuro)
    if (currency !== 'CNY') rates[currency] = cny.div(rate).toFixed(4);
  return rates;
}
