import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id } from './columns';

/** The SMS sandbox's messages: what the storefront page's sandbox phone shows. */
export const smsSandboxMessages = pgTable(
  'sms_sandbox_messages',
  {
    id: id(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_sandbox_messages_phone_idx').on(t.phone, t.createdAt)],
);
