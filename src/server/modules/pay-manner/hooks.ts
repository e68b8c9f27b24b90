import { message } from '../../../shared/messages';
import { type PayMannerKind, PROVIDER_KINDS } from '../../../shared/resources/pay-manner';
import { fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { readPrivateKey, readPublicKey } from '../../payment/alipay';
import { decryptSecret, encryptSecret } from './secret-box';

/**
 * WeChat Pay and Alipay need the merchant's ids and secret key at the provider; the secret is
 * stored encrypted (never as given), and an update that leaves it out keeps the stored one.
 * Alipay, which takes live payments, is checked as its gateway will read it: an enabled one needs
 * its app id, the app's private key and Alipay's public key, and keys given must be RSA keys.
 */
export default {
  beforeWrite(values, { before }) {
    const next = { ...values };
    const secret = typeof next.secret === 'string' ? next.secret : '';
    delete next.secret;
    if (secret) next.secretEncrypted = encryptSecret(secret);
    if (typeof next.alipayPublicKey === 'string')
      next.alipayPublicKey = next.alipayPublicKey.trim();
    const merged = { ...before, ...next };
    const kind = merged.kind as PayMannerKind;
    if (!PROVIDER_KINDS.includes(kind)) return next;
    const kindText = message(`pay-manner:enums.kind.${kind}`);
    const required = (key: string) =>
      fieldError(key, message('pay-manner:errors.required', { kind: kindText }));
    if (kind === 'wechat') {
      for (const key of ['mchId', 'appId'] as const) if (!merged[key]) throw required(key);
      if (!merged.secretEncrypted) throw required('secret');
      return next;
    }
    // Alipay: a disabled one may be kept half set up; what is given must be readable.
    if (merged.enabled !== false) {
      if (!merged.appId) throw required('appId');
      if (!merged.secretEncrypted) throw required('secret');
      if (!merged.alipayPublicKey) throw required('alipayPublicKey');
    }
    // A new key, or the key kept from another kind.
    if (secret || (kind !== before?.kind && merged.secretEncrypted)) {
      try {
        readPrivateKey(secret || decryptSecret(String(merged.secretEncrypted)));
      } catch {
        throw fieldError('secret', message('pay-manner:errors.privateKey'));
      }
    }
    if (merged.alipayPublicKey) {
      try {
        readPublicKey(String(merged.alipayPublicKey));
      } catch {
        throw fieldError('alipayPublicKey', message('pay-manner:errors.publicKey'));
      }
    }
    return next;
  },
} satisfies ResourceHooks;
