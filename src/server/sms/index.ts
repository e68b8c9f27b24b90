import type { Config } from '../config';
import type { Database } from '../db/client';
import { SandboxSms } from './sandbox';
import type { SmsSender } from './sender';

export type { SmsSender, TextMessage } from './sender';
export { SmsRefused } from './sender';
export { SandboxSms };

const senders = new WeakMap<Database, SmsSender>();

/** The SMS provider SMS_PROVIDER names (the sandbox until a real one is added), one per database. */
export function smsSenderOf({ db, config }: { db: Database; config: Config }): SmsSender {
  let sender = senders.get(db);
  if (!sender) {
    switch (config.SMS_PROVIDER) {
      case 'sandbox':
        sender = new SandboxSms(db);
        break;
    }
    senders.set(db, sender);
  }
  return sender;
}
