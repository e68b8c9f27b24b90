import { message } from '../../../shared/messages';
import { productCategories } from '../../db/schema/product-category';
import { fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { nameTaken, sameName } from '../../kit/same-name';

/** Two categories of one name would read as one on the store page: a name is used once. */
export default {
  async beforeWrite(values, { request, tx, before }) {
    if (typeof values.name !== 'string') return values;
    // Its own name kept: a pair saved before the rule may still be edited (and one renamed).
    if (before && sameName(before.name, values.name)) return values;
    const merchantId = Number(before?.merchantId ?? request.auth!.merchantId);
    const taken = await nameTaken(tx, productCategories, {
      merchantId,
      name: values.name,
      exceptId: before?.id as number | undefined,
    });
    if (taken)
      throw fieldError('name', message('product-category:rules.duplicate', { name: values.name }));
    return values;
  },
} satisfies ResourceHooks;
