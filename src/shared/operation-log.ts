import { z } from 'zod';
import { dateRange, listParams, listResult, optionalText } from './list';

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

export const operationLogEntry = z.object({
  id: z.number(),
  adminId: z.number().nullable(),
  adminName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string(),
  createdAt: z.string(),
});
export type OperationLogEntry = z.infer<typeof operationLogEntry>;

export const operationLogListResult = listResult(operationLogEntry).extend({
  nextCursor: z.string().nullable(),
});
