import Big from 'big.js';

/**
 * An order's refund state as the counter reads it: `partly` when money went back but less than the
 * order's total (the server's `refunded` says only that some did), else the server's own state.
 */
export function refundStatusOf(row: Readonly<Record<string, unknown>>): string {
  const status = String(row.refundStatus ?? 'none');
  if (status !== 'refunded') return status;
  const refunded = new Big(String(row.refundedAmount ?? '0') || '0');
  const total = new Big(String(row.totalAmount ?? '0') || '0');
  return refunded.gt(0) && refunded.lt(total) ? 'partly' : status;
}
