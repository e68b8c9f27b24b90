import { message } from '../../../shared/messages';
import { goodsCategories } from '../../db/schema/goods-category';
import { fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { nameTaken, sameName } from '../../kit/same-name';

/**
 * Two categories of one name under the same parent could not be told apart in the tree or the
 * goods form: a name is used once among siblings (配件 may sit under 手机 and under 电脑).
 */
export default {
  async beforeWrite(values, { request, tx, before }) {
    if (typeof values.name !== 'string' && !('parentId' in values)) return values;
    const name = String(values.name ?? before?.name ?? '');
    const parentId = 'parentId' in values ? values.parentId : before?.parentId;
    // Its own name and place kept: a pair saved before the rule may still be edited.
    if (before && sameName(before.name, name) && (parentId ?? null) === (before.parentId ?? null))
      return values;
    const taken = await nameTaken(tx, goodsCategories, {
      merchantId: Number(before?.merchantId ?? request.auth!.merchantId),
      name,
      exceptId: before?.id as number | undefined,
      within: [goodsCategories.parentId, parentId ?? null],
    });
    if (taken) throw fieldError('name', message('goods-category:rules.duplicate', { name }));
    return values;
  },
} satisfies ResourceHooks;
