import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id, ref } from './columns';

export const operationLogs = pgTable(
  'operation_logs',
  {
    id: id(),
    merchantId: ref('merchant_id').notNull(),
    adminId: ref('admin_id'),
    adminName: text('admin_name').notNull(),
    /** `<area>.<verb>`, e.g. `auth.login`, `article.update`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    /** What changed, e.g. `{ "title": ["old", "new"] }`. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('operation_logs_merchant_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc())],
);
