import { and, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { infoBody } from '../../../shared/mini-program';
import type { AppContext } from '../../context';
import { miniProgramInfoChanges } from '../../db/schema/mini-program';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { envelopeOf, ok } from '../../plugins/envelope';
import { conflict, idResult } from '../mini-program/answers';
import {
  accountOf,
  CALLBACK_PATH,
  lockMerchant,
  pollOf,
  recordEvent,
  recordTask,
} from '../mini-program/service';

/**
 * Changing the mini-program's basic info (beside the derived list of changes): a change goes to
 * the platform's review; one at a time, and only once registered.
 */
export const miniProgramInfoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, miniProgram: platform } = context;
  const poll = pollOf(context);

  // Basic info: a change goes to review; one at a time.
  app.post(
    '/admin/mini-program-info/submit',
    {
      config: { permission: 'xcxbase/info' },
      schema: {
        tags: ['mini-program-info'],
        body: infoBody,
        response: { 200: envelopeOf(idResult) },
      },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const actor = actorOf(request);
      const info = request.body;
      const { row, appid } = await db.transaction(async (tx) => {
        await lockMerchant(tx, merchantId);
        const account = await accountOf(tx, merchantId);
        if (!account.appid) throw conflict('mini-program-registration:errors.notRegistered');
        const [open] = await tx
          .select({ n: count() })
          .from(miniProgramInfoChanges)
          .where(
            and(
              eq(miniProgramInfoChanges.merchantId, merchantId),
              eq(miniProgramInfoChanges.status, 'reviewing'),
            ),
          );
        if (open && open.n > 0) throw conflict('mini-program-info:errors.reviewing');
        if (
          account.name === info.name &&
          account.avatar === info.avatar &&
          account.intro === info.intro &&
          account.categories.join() === info.categories.join()
        )
          throw conflict('mini-program-info:errors.unchanged');
        const [inserted] = await tx
          .insert(miniProgramInfoChanges)
          .values({ merchantId, ...info })
          .returning();
        await recordEvent(tx, {
          merchantId,
          subject: 'info',
          subjectId: inserted!.id,
          status: 'reviewing',
          actor: actor.adminName,
        });
        await recordOperation(tx, actor, {
          action: 'mini-program-info.submit',
          targetType: 'mini-program-info',
          targetId: inserted!.id,
          detail: { name: info.name },
        });
        return { row: inserted!, appid: account.appid };
      });
      const task = await platform.changeInfo({
        merchantId,
        appid,
        ...info,
        notifyUrl: CALLBACK_PATH,
      });
      await db.transaction((tx) =>
        recordTask(tx, { taskId: task.taskId, merchantId, subject: 'info', subjectId: row.id }),
      );
      await poll('info', row.id, merchantId);
      return ok({ id: row.id });
    },
  );
};

export default miniProgramInfoRoutes;
