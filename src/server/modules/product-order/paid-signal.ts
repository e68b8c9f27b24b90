import { EventEmitter } from 'node:events';

/**
 * Orders paid in this process, by merchant: the open list's wait answers at once instead of at
 * its next look (it still looks twice a second, for payments another server took).
 */
const paid = new EventEmitter().setMaxListeners(0);

/** Says that an order of the merchant's was paid (once its transaction is committed). */
export function signalPaid(merchantId: number) {
  paid.emit(String(merchantId));
}

/** Resolves at the next payment signalled for the merchant, or after `ms`. */
export function nextPaid(merchantId: number, ms: number): Promise<void> {
  const key = String(merchantId);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      paid.off(key, done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    paid.once(key, done);
  });
}
