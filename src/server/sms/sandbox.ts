import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { smsSandboxMessages } from '../db/schema/sms-sandbox';
import { SmsRefused, type SmsSender, type TextMessage } from './sender';

/** How long the sandbox phone keeps showing a message. */
const SHOWN_MS = 30 * 60_000;

/**
 * The sandbox SMS provider: no account anywhere. It "delivers" a message by keeping it
 * (sms_sandbox_messages), and the storefront page shows the messages sent to the number typed
 * there, as the phone with that number would. Like a real provider it refuses a number no
 * mainland operator issues. Anyone may read the sandbox's messages: with it, a verified phone
 * proves only what its sending limits allow (README, Security); a real provider is what makes a
 * number cost a SIM card.
 */
export class SandboxSms implements SmsSender {
  readonly kind = 'sandbox' as const;

  constructor(private readonly db: Database) {}

  async send({ phone, text }: TextMessage) {
    if (!/^1[3-9]\d{9}$/.test(phone)) throw new SmsRefused(`no such mobile number: ${phone}`);
    await this.db.insert(smsSandboxMessages).values({ phone, text });
  }

  /** The messages the number received lately, newest first. */
  async inbox(phone: string, now = new Date()) {
    return this.db
      .select({
        id: smsSandboxMessages.id,
        text: smsSandboxMessages.text,
        createdAt: smsSandboxMessages.createdAt,
      })
      .from(smsSandboxMessages)
      .where(
        and(
          eq(smsSandboxMessages.phone, phone),
          gt(smsSandboxMessages.createdAt, new Date(now.getTime() - SHOWN_MS)),
        ),
      )
      .orderBy(desc(smsSandboxMessages.id))
      .limit(5);
  }
}
