import Big from 'big.js';

/** What a listing's price is worked out from: a listing setting's formula. */
export interface PriceFormula {
  /** Yuan for one unit of the listing's currency (e.g. 7.1234 for USD). */
  exchangeRate: string;
  /** Added to the cost, in percent (30 = cost × 1.3). */
  markupPercent: string;
  /** Yuan added after the markup (shipping, fees). */
  fixedFee: string;
  /** Prices end in .99 (the next .99 up). */
  endIn99: boolean;
}

/**
 * A listing's price in its currency from the goods' cost in yuan: (cost × (1 + markup%) + fee)
 * ÷ exchange rate, to the cent, rounded up; with `endIn99`, up to the next x.99. Exact decimals
 * (big.js), never floats. Answers a decimal string with two places, or null without a rate.
 */
export function listingPrice(costYuan: string, formula: PriceFormula): string | null {
  const rate = new Big(formula.exchangeRate || '0');
  if (rate.lte(0)) return null;
  const yuan = new Big(costYuan || '0')
    .times(new Big(formula.markupPercent || '0').div(100).plus(1))
    .plus(formula.fixedFee || '0');
  let price = yuan.div(rate).round(2, Big.roundUp);
  if (formula.endIn99) price = price.round(0, Big.roundDown).plus('0.99');
  if (formula.endIn99 && price.lt(yuan.div(rate))) price = price.plus(1);
  return price.toFixed(2);
}
