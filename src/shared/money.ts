/** Splits a decimal money string ("1234.50") into the parts the top bar shows. */
export function splitMoney(amount: string): { integer: string; decimal: string } {
  const [integer = '0', decimal = ''] = amount.split('.');
  return { integer, decimal: decimal.padEnd(2, '0').slice(0, 2) };
}
