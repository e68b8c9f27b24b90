import { message } from '../../../shared/messages';
import { type PayMannerKind, PROVIDER_KINDS } from '../../../shared/resources/pay-manner';
import { fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { encryptSecret } from './secret-box';

/**
 * WeChat Pay and Alipay need the merchant's ids and secret key at the provider; the secret is
 * stored encrypted (never as given), and an update that leaves it out keeps the stored one.
 */
export default {
  beforeWrite(values, { before }) {
    const next = { ...values };
    const secret = typeof next.secret === 'string' ? next.secret : '';
    delete next.secret;
    if (secret) next.secretEncrypted = encryptSecret(secret);
    const merged = { ...before, ...next };
    const kind = merged.kind as PayMannerKind;
    if (PROVIDER_KINDS.includes(kind)) {
      const kindText = message(`pay-manner:enums.kind.${kind}`);
      for (const key of ['mchId', 'appId'] as const)
        if (!merged[key])
          throw fieldError(key, message('pay-manner:errors.required', { kind: kindText }));
      if (!merged.secretEncrypted)
        throw fieldError('secret', message('pay-manner:errors.required', { kind: kindText }));
    }
    return next;
  },
} satisfies ResourceHooks;
