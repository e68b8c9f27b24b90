import { ResultCode } from '../../../shared/envelope';
import { type Message, message } from '../../../shared/messages';
import {
  type PayMannerKind,
  PROVIDER_ID_PATTERNS,
  PROVIDER_KINDS,
} from '../../../shared/resources/pay-manner';
import { AppError, type FieldProblem } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { readPrivateKey, readPublicKey } from '../../payment/alipay';
import { isApiV3Key } from '../../payment/wechatpay';
import { decryptSecret, encryptSecret } from './secret-box';

/** The write-only fields, each stored encrypted in `<field>Encrypted`. */
const SECRETS = ['secret', 'apiV3Key'] as const;

/** What each provider's gateway reads, in the order the form asks for it. */
const NEEDED: Record<'wechat' | 'alipay', readonly string[]> = {
  alipay: ['appId', 'secret', 'alipayPublicKey'],
  wechat: [
    'mchId',
    'appId',
    'secret',
    'certSerial',
    'apiV3Key',
    'wechatPublicKey',
    'wechatPublicKeyId',
  ],
};
const PUBLIC_KEY = { alipay: 'alipayPublicKey', wechat: 'wechatPublicKey' } as const;
const KEY_ERRORS = {
  alipay: { privateKey: 'privateKey', publicKey: 'publicKey' },
  wechat: { privateKey: 'wechatPrivateKey', publicKey: 'wechatPublicKey' },
} as const;

/**
 * WeChat Pay and Alipay need the merchant's ids and keys at the provider; the private key (and
 * WeChat Pay's APIv3 key) is stored encrypted (never as given), and an update that leaves it out
 * keeps the stored one. Both take live payments and are checked as their gateways will read them:
 * an enabled one needs everything its gateway reads, keys must be RSA keys and the APIv3 key
 * 32 bytes. A disabled one may be kept half set up, but what is given must be readable.
 */
export default {
  beforeWrite(values, { before }) {
    const next = { ...values };
    const given: Record<string, string> = {};
    for (const key of SECRETS) {
      given[key] = typeof next[key] === 'string' ? next[key] : '';
      delete next[key];
      if (given[key]) next[`${key}Encrypted`] = encryptSecret(given[key]);
    }
    for (const key of Object.values(PUBLIC_KEY))
      if (typeof next[key] === 'string') next[key] = next[key].trim();
    const merged: Record<string, unknown> = { ...before, ...next };
    const kind = merged.kind as PayMannerKind;
    // Every problem at once: the form marks each field, not one per save.
    const problems: FieldProblem[] = [];
    const refuse = (field: string, text: Message) => problems.push({ field, message: text });
    const refuseAll = () => {
      if (problems.length > 0)
        throw new AppError(ResultCode.VALIDATION, problems[0]!.message, undefined, {
          fields: problems,
        });
    };
    // An id given in a form it never has, whatever the kind.
    const mistyped: FieldProblem[] = [];
    for (const [key, { regex, message: text }] of Object.entries(PROVIDER_ID_PATTERNS))
      if (typeof next[key] === 'string' && !regex.test(next[key]))
        mistyped.push({ field: key, message: message(text) });
    if (!PROVIDER_KINDS.includes(kind)) {
      problems.push(...mistyped);
      refuseAll();
      return next;
    }
    const provider = kind as 'wechat' | 'alipay';
    const kindText = message(`pay-manner:enums.kind.${kind}`);
    const has = (key: string) =>
      !!merged[(SECRETS as readonly string[]).includes(key) ? `${key}Encrypted` : key];
    if (merged.enabled !== false)
      for (const key of NEEDED[provider])
        if (!has(key)) refuse(key, message('pay-manner:errors.required', { kind: kindText }));
    const errors = KEY_ERRORS[provider];
    // A new key, the key kept from another kind, or the key of one that takes payments.
    if (
      merged.secretEncrypted &&
      (given.secret || kind !== before?.kind || merged.enabled !== false)
    ) {
      try {
        readPrivateKey(given.secret || decryptSecret(String(merged.secretEncrypted)));
      } catch {
        refuse('secret', message(`pay-manner:errors.${errors.privateKey}`));
      }
    }
    const publicKey = PUBLIC_KEY[provider];
    if (merged[publicKey]) {
      try {
        readPublicKey(String(merged[publicKey]));
      } catch {
        refuse(publicKey, message(`pay-manner:errors.${errors.publicKey}`));
      }
    }
    if (provider === 'wechat' && given.apiV3Key && !isApiV3Key(given.apiV3Key))
      refuse('apiV3Key', message('pay-manner:errors.apiV3Key'));
    problems.push(...mistyped);
    refuseAll();
    return next;
  },
} satisfies ResourceHooks;
