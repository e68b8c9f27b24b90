import { and, eq, inArray } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import { goodsVariants } from '../../db/schema/goods';
import { goodsUpc } from '../../db/schema/goods-upc';
import { AppError } from '../../errors';
import { actorOf, recordOperation } from '../../kit/operation-log';
import type { ResourceHooks } from '../../kit/resource-routes';
import { render, requestLanguage } from '../../messages';
import { listingWords } from '../goods-upc/holders';
import { delistSkus, listingsOfSkus } from '../listing/service';
import { missingOf } from './completeness';

/**
 * A goods is marked ready only when complete (the refusal lists what is missing, by field). A
 * deleted goods' listings go off sale; its variants' codes go back to the pool, except those of
 * SKUs that were listed: those are retired (used, with the reason in the remark).
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
  async beforeDelete(rows, { tx, request }) {
    const merchantId = request.auth!.merchantId;
    const variants = await tx
      .select({
        upc: goodsVariants.upc,
        sellerSku: goodsVariants.sellerSku,
        goodsId: goodsVariants.goodsId,
      })
      .from(goodsVariants)
      .where(
        inArray(
          goodsVariants.goodsId,
          rows.map((row) => row.id),
        ),
      );
    const skus = variants.map((v) => v.sellerSku);
    const listed = await listingsOfSkus(tx, merchantId, skus);
    // The listings go off sale with the goods: nothing is left to order.
    const delisted = await delistSkus(tx, request.server.jobs, merchantId, skus);
    if (listed.length > 0)
      await recordOperation(tx, actorOf(request), {
        action: 'listing.delist',
        targetType: 'listing',
        targetId: listed.map((l) => l.id).join(','),
        detail: { skus: skus.slice(0, 20), count: listed.length, active: delisted },
      });
    const language = requestLanguage(request);
    const titles = new Map(rows.map((row) => [row.id, String(row.title)]));
    const free: string[] = [];
    for (const v of variants.filter((x) => x.upc)) {
      const on = listed.filter((l) => l.sellerSku === v.sellerSku);
      if (on.length === 0) {
        free.push(v.upc);
        continue;
      }
      // A code that has been on a marketplace is retired, never given to a second goods.
      await tx
        .update(goodsUpc)
        .set({
          status: 'used',
          remark: render(
            language,
            message('goods-upc:retired', {
              title: titles.get(Number(v.goodsId)) ?? '',
              sku: v.sellerSku,
              listings: on.map(listingWords).join('、'),
            }),
          ).slice(0, 200),
          updatedAt: new Date(),
        })
        .where(and(eq(goodsUpc.merchantId, merchantId), eq(goodsUpc.code, v.upc)));
    }
    if (free.length > 0)
      await tx
        .update(goodsUpc)
        .set({ status: 'unused' })
        .where(
          and(
            eq(goodsUpc.merchantId, merchantId),
            inArray(goodsUpc.code, free),
            eq(goodsUpc.status, 'assigned'),
          ),
        );
  },
} satisfies ResourceHooks;
