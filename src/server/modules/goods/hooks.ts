import { and, eq, inArray } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import { goodsUpc, goodsVariants } from '../../db/schema';
import { AppError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { missingOf } from './completeness';

/**
 * A goods is marked ready only when complete (the refusal lists what is missing, by field); a
 * deleted goods gives its variants' codes back to the pool.
 */
export default {
  async beforeWrite(values, { tx, before }) {
    if (values.status === 'ready' && before) {
      const missing = await missingOf(tx, before);
      if (missing.length > 0)
        throw new AppError(
          ResultCode.CONFLICT,
          message('goods:errors.incomplete', {
            missing: missing.map((key) => message(`goods:missing.${key}`)),
          }),
          409,
          { missing },
        );
    }
    return values;
  },
  async beforeDelete(rows, { tx }) {
    const ids = rows.map((row) => row.id);
    const codes = (
      await tx
        .select({ upc: goodsVariants.upc })
        .from(goodsVariants)
        .where(inArray(goodsVariants.goodsId, ids))
    )
      .map((v) => v.upc)
      .filter(Boolean);
    const merchantId = rows[0]?.merchantId as number | undefined;
    if (codes.length > 0 && merchantId)
      await tx
        .update(goodsUpc)
        .set({ status: 'unused' })
        .where(
          and(
            eq(goodsUpc.merchantId, merchantId),
            inArray(goodsUpc.code, codes),
            eq(goodsUpc.status, 'assigned'),
          ),
        );
  },
} satisfies ResourceHooks;
