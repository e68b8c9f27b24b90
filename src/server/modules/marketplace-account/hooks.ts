import { AMAZON_MARKETPLACE_IDS, type AmazonRegion } from '../../../shared/amazon';
import { message } from '../../../shared/messages';
import { fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { encryptSecret } from '../pay-manner/secret-box';
import { ORDERS_IMPORT_JOB } from './service';

const KNOWN = Object.values(AMAZON_MARKETPLACE_IDS);

/**
 * An account's refresh token is stored encrypted (never as given; an update that leaves it out
 * keeps it), its marketplaces must be Amazon sites of its region, and a change of what Amazon is
 * asked with (region, seller, token, marketplaces) leaves it unchecked until tested again. A new
 * account starts the import of its orders.
 */
export default {
  beforeWrite(values, { before }) {
    const next = { ...values };
    const token = typeof next.refreshToken === 'string' ? next.refreshToken.trim() : '';
    delete next.refreshToken;
    if (token) next.refreshTokenEncrypted = encryptSecret(token);
    else if (!before?.refreshTokenEncrypted)
      throw fieldError('refreshToken', message('marketplace-account:errors.tokenRequired'));
    const merged: Record<string, unknown> = { ...before, ...next };
    const region = merged.region as AmazonRegion;
    const ids = (merged.marketplaceIds as string[] | undefined) ?? [];
    if (ids.length === 0)
      throw fieldError('marketplaceIds', message('marketplace-account:errors.marketplaceIds'));
    for (const id of ids) {
      const known = KNOWN.find((m) => m.id === id);
      if (!known)
        throw fieldError(
          'marketplaceIds',
          message('marketplace-account:errors.unknownMarketplace', { id }),
        );
      if (known.region !== region)
        throw fieldError(
          'marketplaceIds',
          message('marketplace-account:errors.wrongRegion', {
            id,
            region: message(`marketplace-account:enums.region.${region}`),
          }),
        );
    }
    const asked = ['region', 'sellerId', 'marketplaceIds'].some(
      (key) => key in next && JSON.stringify(next[key]) !== JSON.stringify(before?.[key]),
    );
    if (!before || token || asked) next.status = 'unchecked';
    return next;
  },

  async afterWrite(row, { request, tx, before }) {
    if (before) return;
    await request.server.jobs.enqueue(
      ORDERS_IMPORT_JOB,
      { accountId: row.id },
      { dedupeKey: String(row.id), merchantId: row.merchantId as number, maxAttempts: 10 },
      tx,
    );
  },
} satisfies ResourceHooks;
