import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { message } from '../../../shared/messages';
import { registerBody } from '../../../shared/mini-program';
import type { AppContext } from '../../context';
import { miniProgramRegistrations } from '../../db/schema/mini-program';
import { notFound } from '../../errors';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { PlatformRefused } from '../../miniprogram';
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
 * Registering the mini-program (beside the derived list of applications): one application in
 * progress at a time, none once registered; one that failed may be sent again.
 */
export const miniProgramRegistrationRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  context,
) => {
  const { db, miniProgram: platform } = context;
  const poll = pollOf(context);

  // Registration: one application in progress at a time, none once registered.
  app.post(
    '/admin/mini-program-registration/submit',
    {
      config: { permission: 'mini-program-register' },
      schema: {
        tags: ['mini-program-registration'],
        body: registerBody,
        response: { 200: envelopeOf(idResult.extend({ confirmUrl: z.string().nullable() })) },
      },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const actor = actorOf(request);
      const { resubmitOf, ...application } = request.body;
      const row = await db.transaction(async (tx) => {
        await lockMerchant(tx, merchantId);
        const account = await accountOf(tx, merchantId);
        if (account.appid)
          throw conflict('mini-program-registration:errors.registered', { appid: account.appid });
        const [open] = await tx
          .select({ n: count() })
          .from(miniProgramRegistrations)
          .where(
            and(
              eq(miniProgramRegistrations.merchantId, merchantId),
              inArray(miniProgramRegistrations.status, ['submitted', 'confirming']),
            ),
          );
        if (open && open.n > 0) throw conflict('mini-program-registration:errors.inProgress');
        if (resubmitOf) {
          const [failed] = await tx
            .select({ status: miniProgramRegistrations.status })
            .from(miniProgramRegistrations)
            .where(
              and(
                eq(miniProgramRegistrations.id, resubmitOf),
                eq(miniProgramRegistrations.merchantId, merchantId),
              ),
            );
          if (!failed) throw notFound(message('mini-program-registration:noun'));
          if (failed.status !== 'failed')
            throw conflict('mini-program-registration:errors.notFailed');
        }
        const [inserted] = await tx
          .insert(miniProgramRegistrations)
          .values({ merchantId, ...application, resubmitOf: resubmitOf ?? null })
          .returning();
        await recordEvent(tx, {
          merchantId,
          subject: 'registration',
          subjectId: inserted!.id,
          status: 'submitted',
          actor: actor.adminName,
          note: resubmitOf ? `#${resubmitOf}` : '',
        });
        await recordOperation(tx, actor, {
          action: resubmitOf
            ? 'mini-program-registration.resubmit'
            : 'mini-program-registration.submit',
          targetType: 'mini-program-registration',
          targetId: inserted!.id,
          detail: { companyName: application.companyName, creditCode: application.creditCode },
        });
        return inserted!;
      });
      try {
        const task = await platform.register({
          merchantId,
          ...application,
          notifyUrl: CALLBACK_PATH,
        });
        await db.transaction((tx) =>
          recordTask(tx, {
            taskId: task.taskId,
            merchantId,
            subject: 'registration',
            subjectId: row.id,
          }),
        );
        await poll('registration', row.id, merchantId);
        return ok({ id: row.id, confirmUrl: null });
      } catch (error) {
        // The platform did not take it: failed at once, with its reason.
        const reason = error instanceof Error ? error.message : String(error);
        await db
          .update(miniProgramRegistrations)
          .set({ status: 'failed', reason, updatedAt: new Date() })
          .where(eq(miniProgramRegistrations.id, row.id));
        await recordEvent(db, {
          merchantId,
          subject: 'registration',
          subjectId: row.id,
          status: 'failed',
          actor: 'platform',
          note: reason,
        });
        if (error instanceof PlatformRefused) return ok({ id: row.id, confirmUrl: null });
        throw error;
      }
    },
  );
};

export default miniProgramRegistrationRoutes;
