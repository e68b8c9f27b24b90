import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/list';
import { message } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { envelopeOf, ok } from '../../plugins/envelope';
import { accountOf, checkConnection, ORDERS_IMPORT_JOB } from './service';

const connectionCheck = z.object({
  status: z.enum(['connected', 'failed']),
  code: z.string(),
  amazonMessage: z.string(),
  listings: z.number().optional(),
});

/**
 * Beside the derived calls of /marketplace-account: "test connection" (asks Amazon, keeps and
 * answers what it said) and "import orders now".
 */
export const marketplaceAccountRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config, jobs },
) => {
  const permission = { permission: 'marketplace-account' };
  const tags = ['marketplace-account'];

  app.post(
    '/admin/marketplace-account/test',
    {
      config: permission,
      schema: { tags, body: idParam, response: { 200: envelopeOf(connectionCheck) } },
    },
    async (request) => {
      const check = await checkConnection(db, config, request.auth!.merchantId, request.body.id);
      await recordOperation(db, actorOf(request), {
        action: 'marketplace-account.test',
        targetType: 'marketplace-account',
        targetId: request.body.id,
        detail: { status: check.status, code: check.code },
      });
      return ok(check);
    },
  );

  app.post(
    '/admin/marketplace-account/import-orders',
    {
      config: permission,
      schema: {
        tags,
        body: idParam,
        response: { 200: envelopeOf(z.object({ queued: z.boolean() })) },
      },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const account = await accountOf(db, request.body.id, merchantId);
      if (!account) throw notFound(message('marketplace-account:noun'));
      const id = await jobs.enqueue(
        ORDERS_IMPORT_JOB,
        { accountId: account.id, once: true },
        { dedupeKey: `now:${account.id}`, merchantId, maxAttempts: 10 },
      );
      return ok({ queued: id !== null });
    },
  );
};

export default marketplaceAccountRoutes;
