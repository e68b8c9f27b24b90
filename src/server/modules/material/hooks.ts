import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import { AppError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { render, requestLanguage } from '../../messages';
import { type Use, usesOf } from './usage';

const named = (use: Use) =>
  message('material:usedIn' as never, {
    area: message(`${use.area}:noun` as never),
    title: use.title,
  });

/**
 * Each material says where it is used (the areas' rows holding it); one still in use is not
 * deleted, and the refusal names where.
 */
export default {
  async decorate(rows, { request, ex }) {
    const uses = await usesOf(
      ex,
      request.auth!.merchantId,
      rows.map((r) => r.url as string),
    );
    const language = requestLanguage(request);
    for (const row of rows) {
      const found = uses.get(row.url as string) ?? [];
      row.usedBy = found
        .map((use) => render(language, named(use)))
        .join(render(language, message('record.listSeparator')));
    }
  },
  async beforeDelete(rows, { request, tx }) {
    const uses = await usesOf(
      tx,
      request.auth!.merchantId,
      rows.map((r) => r.url as string),
    );
    for (const row of rows) {
      const found = uses.get(row.url as string) ?? [];
      if (found.length > 0)
        throw new AppError(
          ResultCode.CONFLICT,
          message('material:errors.inUse', {
            name: row.name as string,
            where: found.slice(0, 5).map(named),
          }),
          409,
          { uses: found },
        );
    }
  },
} satisfies ResourceHooks;
