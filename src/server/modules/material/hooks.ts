import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import { AppError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { render, requestLanguage } from '../../messages';
import { createStorage } from '../../storage/create-storage';
import { type Use, usesOf } from './usage';

const named = (use: Use) =>
  message('material:usedIn' as never, {
    area: message(`${use.area}:noun` as never),
    title: use.title,
  });

/**
 * Each material says where it is used (the areas' rows holding it); one still in use is not
 * deleted, and the refusal names where. A deleted material's file goes with it (its address
 * answers 404 from then on); one the store could not remove is left to the upload sweep.
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
  async afterDelete(rows, { request, app }) {
    const storage = createStorage(app.config);
    for (const row of rows) {
      const key = String(row.url).replace(/^\/uploads\//, '');
      await storage.delete(key).catch((err: unknown) => {
        request.log.warn({ err, key }, 'material deleted, its file left to the upload sweep');
      });
    }
  },
} satisfies ResourceHooks;
