import type { AppContext } from '../../context';
import { merchantGateways } from '../pay-manner/merchant-gateways';
import { checkoutOf } from './checkout';
import { paymentsOf } from './payments';
import { ratingsOf } from './ratings';
import { refundsOf } from './refunds';
import { registerOrderTimers } from './timers';

export { merchantNotifyPath, merchantNotifyRoute, ORDER_NOTIFY_PATH } from './checkout';
export { moved } from './order-moves';
export {
  AUTO_COMPLETE_JOB,
  AUTO_PRAISE_JOB,
  addEvent,
  LATE_PAYMENT_JOB,
  settingsOf,
  storeOpen,
  TIMEOUT_JOB,
  takeStock,
} from './order-records';

const services = new WeakMap<AppContext, OrderService>();
/** The app's one order service (its job handlers are registered once). */
export function ordersOf(context: AppContext): OrderService {
  const known = services.get(context);
  if (known) return known;
  const service = orderService(context);
  services.set(context, service);
  return service;
}

/** The storefront's orders: placed, paid, moved, refunded and rated. */
function orderService({ db, payments, jobs, config }: AppContext) {
  const deps = { db, jobs, config, gateways: merchantGateways({ db, payments, config }) };
  const paid = paymentsOf(deps);
  const { place } = checkoutOf(deps, paid.cancel);
  const refunds = refundsOf(deps);
  const ratings = ratingsOf(deps);
  registerOrderTimers(deps, { cancel: paid.cancel, evaluate: ratings.evaluate });
  return { place, ...paid, ...refunds, ...ratings };
}

export type OrderService = ReturnType<typeof orderService>;
