import { and, eq } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { gtinKind, isPlatformCode } from '../../../shared/gtin';
import { message } from '../../../shared/messages';
import { goodsVariants } from '../../db/schema/goods';
import { AppError, fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { holdersOf, listingWords } from './holders';

/**
 * A code's kind is told by its length; a code added by hand says so. A code under the platform's
 * prefix is the platform's to sell: never added by hand nor made by changing another code (a
 * bought code keeps its own, so its remark can still be edited).
 *
 * Releasing an assigned code takes it off its variant; a code whose variant is (or was) listed on
 * a marketplace is refused: the marketplace knows the product by it, and a second goods must never
 * carry it. Each row says which goods and SKU hold it, and where that SKU is listed.
 */
export default {
  async beforeWrite(values, { before, tx }) {
    const next = { ...values };
    if (typeof next.code === 'string') {
      if (isPlatformCode(next.code) && next.code !== before?.code)
        throw fieldError('code', message('goods-upc:errors.platformPrefix'));
      next.kind = gtinKind(next.code);
    }
    if (!before) next.source = 'manual';
    if (before && next.status === 'unused' && before.status === 'assigned') {
      const merchantId = before.merchantId as number;
      const code = String(before.code);
      const holder = (await holdersOf(tx, merchantId, [code])).get(code);
      if (holder && holder.listings.length > 0)
        throw new AppError(
          ResultCode.CONFLICT,
          message('goods-upc:errors.releaseListed', {
            code,
            title: holder.title,
            sku: holder.sellerSku,
            listings: holder.listings.map(listingWords).join('、'),
          }),
        );
      if (holder)
        await tx
          .update(goodsVariants)
          .set({ upc: '' })
          .where(and(eq(goodsVariants.merchantId, merchantId), eq(goodsVariants.upc, code)));
    }
    return next;
  },
  async decorate(rows, { ex, request }) {
    const merchantId = request.auth?.merchantId;
    if (!merchantId || rows.length === 0) return;
    const holders = await holdersOf(
      ex,
      merchantId,
      rows.map((row) => String(row.code)),
    );
    for (const row of rows) {
      const holder = holders.get(String(row.code));
      row.heldBy = holder ? `${holder.title} / ${holder.sellerSku}` : '';
      row.heldGoodsId = holder?.goodsId ?? 0;
      row.listedOn = holder ? holder.listings.map(listingWords).join('、') : '';
    }
  },
} satisfies ResourceHooks;
