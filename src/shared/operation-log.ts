import { z } from 'zod';
import { dateRange, listParams, listResult, optionalText } from './list';
import { has } from './resource';
import { resources } from './resources';

export const operationLogListParams = listParams(
  {
    adminName: optionalText(64),
    /** Exact action (`article.update`) or an area prefix (`article.`). */
    action: optionalText(64),
    targetType: optionalText(32),
    targetId: optionalText(64),
    createdRange: dateRange,
    cursor: z.string().max(200).optional(),
  },
  ['createdAt'] as const,
  'createdAt',
);

/**
 * The actions of areas that are not resources, the actions of resources' own calls (not derived
 * from their definition), and the area prefixes the filter offers.
 */
const OWN_ACTIONS = [
  'auth.login',
  'auth.logout',
  'import.',
  'user.changePassword',
  'upload.create',
  'goods-upc.import',
  'goods-upc.buy',
  'goods.variants',
  'goods.copy',
  'feeds.send',
  'feeds.resend',
  'listing.refresh',
  'listing.delist',
  'listing.bulkPrice',
  'listing.bulkStock',
  'listing.relist',
  'goods-setting.fetchRate',
  'marketplace-account.test',
  'collection-box.collect',
  'marketplace-order.ship',
  'marketplace-order.cancel',
  'marketplace-order.refund',
  'marketplace-order.settle',
  'marketplace-order.label',
  'product-order.refund',
  'product-order.refund-reject',
  'product-order.reprint',
  'printer.testPrint',
  'printer.reprint',
  'coupon.issue',
  'selling-partner.settle',
  'broker.handOver',
  'mini-program-registration.submit',
  'mini-program-registration.resubmit',
  'mini-program-info.submit',
  'mini-program-version.upload',
  'mini-program-version.submit',
  'mini-program-version.release',
  'mini-program-version.rollback',
  'cost-center.recharge',
  'cost-center.recharge-paid',
  'cost-center.recharge-close',
  'cost-center.recharge-expire',
  'cost-center.charge',
  'cost-center.refund',
  'operationLog.export',
];

/**
 * Every action the log records, and the area prefixes the filter offers (`article.` = all of
 * an area's actions): each resource's derived calls, drag order and transitions, then the rest
 * (web/i18n/labels.test.ts fails when the server writes one not here). The screen's filter and
 * names come from this list.
 */
export const OPERATION_ACTIONS: readonly string[] = [
  ...resources.flatMap((resource) => [
    `${resource.name}.`,
    ...(['create', 'update', 'delete', 'export'] as const)
      .filter((verb) => has(resource, verb))
      .map((verb) => `${resource.name}.${verb}`),
    ...(has(resource, 'order') ? [`${resource.name}.move`] : []),
    ...Object.keys(resource.transitions ?? {}).map((name) => `${resource.name}.${name}`),
  ]),
  ...OWN_ACTIONS,
  // The data helper's imports: `import.<resource>`.
  ...resources.filter((resource) => has(resource, 'import')).map((r) => `import.${r.name}`),
];

export const operationLogEntry = z.object({
  id: z.number(),
  adminId: z.number().nullable(),
  adminName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** What changed, as the reader may see it: null for an area it may not open. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  /** The target's name (an article's title, a customer's name…) when the reader may see it. */
  targetName: z.string().nullable(),
  /** Where the target opens in the app, when the reader may open it. */
  targetLink: z.string().nullable(),
  ip: z.string(),
  createdAt: z.string(),
});
export type OperationLogEntry = z.infer<typeof operationLogEntry>;

export const operationLogListResult = listResult(operationLogEntry).extend({
  nextCursor: z.string().nullable(),
});
