import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { brokers } from '../../db/schema/broker';
import { secondHandHouses } from '../../db/schema/second-hand-house';
import { AppError, notFound } from '../../errors';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { envelopeOf, ok } from '../../plugins/envelope';

const handOverBody = z.object({
  id: z.number().int().positive(),
  toId: z.number().int().positive(),
});

/**
 * A broker's listings handed over to another of the merchant's brokers, all at once (a broker
 * leaving the agency): then the broker, named on none, may be deleted.
 */
export const brokerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/admin/broker/hand-over',
    {
      config: { permission: 'broker' },
      schema: {
        tags: ['broker'],
        body: handOverBody,
        response: { 200: envelopeOf(z.object({ moved: z.number() })) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id, toId } = request.body;
      if (id === toId) throw new AppError(ResultCode.VALIDATION, message('broker:handOverSelf'));
      return db.transaction(async (tx) => {
        const found = await tx
          .select({ id: brokers.id, name: brokers.name })
          .from(brokers)
          .where(and(eq(brokers.merchantId, actor.merchantId), inArray(brokers.id, [id, toId])))
          .for('update');
        const from = found.find((b) => b.id === id);
        const to = found.find((b) => b.id === toId);
        if (!from || !to) throw notFound(message('broker:noun'));
        const moved = await tx
          .update(secondHandHouses)
          .set({ brokerId: toId, updatedAt: new Date() })
          .where(
            and(
              eq(secondHandHouses.merchantId, actor.merchantId),
              eq(secondHandHouses.brokerId, id),
            ),
          )
          .returning({ id: secondHandHouses.id });
        await recordOperation(tx, actor, {
          action: 'broker.handOver',
          targetType: 'broker',
          targetId: id,
          detail: { from: from.name, to: to.name, count: moved.length },
        });
        return ok({ moved: moved.length });
      });
    },
  );
};

export default brokerRoutes;
