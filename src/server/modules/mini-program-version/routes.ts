import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import {
  compareVersions,
  RELEASE_PRICE,
  releaseBody,
  uploadBody,
  versionRef,
} from '../../../shared/mini-program';
import { TEMPLATES } from '../../../shared/resources/mini-program-version';
import type { AppContext } from '../../context';
import { miniProgramVersions } from '../../db/schema/mini-program';
import { AppError, notFound } from '../../errors';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';
import { charge, InsufficientBalance } from '../cost-center/ledger';
import { absoluteUrl, conflict, idResult, qrOf, qrResult, refused } from '../mini-program/answers';
import {
  accountOf,
  CALLBACK_PATH,
  lockMerchant,
  pollOf,
  previousRelease,
  recordEvent,
  recordTask,
} from '../mini-program/service';

/**
 * The mini-program's versions (beside their derived list): uploading one from a template,
 * submitting it for review, releasing it (charged to the balance), rolling back to the release
 * before, and the experience version's QR code.
 */
export const miniProgramVersionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, config, miniProgram: platform } = context;
  const poll = pollOf(context);
  const absolute = absoluteUrl(config);

  const versionTags = ['mini-program-version'];
  const publish = { permission: 'mini-program-publish' };
  const appidOf = async (merchantId: number) => {
    const { appid } = await accountOf(db, merchantId);
    if (!appid) throw conflict('mini-program-version:errors.notRegistered');
    return appid;
  };
  const versionOf = async (merchantId: number, id: number) => {
    const [row] = await db
      .select()
      .from(miniProgramVersions)
      .where(and(eq(miniProgramVersions.id, id), eq(miniProgramVersions.merchantId, merchantId)));
    if (!row) throw notFound(message('mini-program-version:noun'));
    return row;
  };

  app.post(
    '/admin/mini-program-version/upload',
    {
      config: publish,
      schema: { tags: versionTags, body: uploadBody, response: { 200: envelopeOf(idResult) } },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const actor = actorOf(request);
      const appid = await appidOf(merchantId);
      const template = TEMPLATES.find((t) => t.id === request.body.templateId)!;
      // The template's version, numbered on when it was uploaded before (1.3.0, 1.3.0.1, …).
      const [same] = await db
        .select({ n: count() })
        .from(miniProgramVersions)
        .where(
          and(
            eq(miniProgramVersions.merchantId, merchantId),
            eq(miniProgramVersions.templateId, template.id),
          ),
        );
      const version = same?.n ? `${template.version}.${same.n}` : template.version;
      const { experienceUrl } = await platform
        .commit({ appid, templateId: template.id, version, description: request.body.description })
        .catch(refused);
      const row = await db.transaction(async (tx) => {
        await lockMerchant(tx, merchantId);
        // The experience version is replaced: an earlier one not in review is superseded.
        const replaced = await tx
          .update(miniProgramVersions)
          .set({ status: 'superseded', updatedAt: new Date() })
          .where(
            and(
              eq(miniProgramVersions.merchantId, merchantId),
              inArray(miniProgramVersions.status, ['uploaded', 'rejected']),
            ),
          )
          .returning({ id: miniProgramVersions.id });
        for (const old of replaced)
          await recordEvent(tx, {
            merchantId,
            subject: 'version',
            subjectId: old.id,
            status: 'superseded',
            actor: actor.adminName,
            note: version,
          });
        const [inserted] = await tx
          .insert(miniProgramVersions)
          .values({
            merchantId,
            templateId: template.id,
            version,
            description: request.body.description,
            experienceUrl,
          })
          .returning();
        await recordEvent(tx, {
          merchantId,
          subject: 'version',
          subjectId: inserted!.id,
          status: 'uploaded',
          actor: actor.adminName,
          note: template.id,
        });
        await recordOperation(tx, actor, {
          action: 'mini-program-version.upload',
          targetType: 'mini-program-version',
          targetId: inserted!.id,
          detail: { version, templateId: template.id },
        });
        return inserted!;
      });
      return ok({ id: row.id });
    },
  );

  app.post(
    '/admin/mini-program-version/submit',
    {
      config: publish,
      schema: { tags: versionTags, body: versionRef, response: { 200: envelopeOf(idResult) } },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const actor = actorOf(request);
      const appid = await appidOf(merchantId);
      const row = await versionOf(merchantId, request.body.id);
      if (row.status !== 'uploaded' && row.status !== 'rejected')
        throw conflict('mini-program-version:errors.cannotSubmit');
      const [reviewing] = await db
        .select({ id: miniProgramVersions.id })
        .from(miniProgramVersions)
        .where(
          and(
            eq(miniProgramVersions.merchantId, merchantId),
            eq(miniProgramVersions.status, 'reviewing'),
          ),
        );
      if (reviewing) throw conflict('mini-program-version:errors.reviewing');
      const task = await platform
        .submitAudit({ merchantId, appid, version: row.version, notifyUrl: CALLBACK_PATH })
        .catch(refused);
      await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(miniProgramVersions)
          .set({
            status: 'reviewing',
            taskId: task.taskId,
            reason: '',
            submittedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(miniProgramVersions.id, row.id),
              inArray(miniProgramVersions.status, ['uploaded', 'rejected']),
            ),
          )
          .returning({ id: miniProgramVersions.id });
        if (!moved) throw conflict('mini-program-version:errors.cannotSubmit');
        await recordTask(tx, {
          taskId: task.taskId,
          merchantId,
          subject: 'version',
          subjectId: row.id,
        });
        await recordEvent(tx, {
          merchantId,
          subject: 'version',
          subjectId: row.id,
          status: 'reviewing',
          actor: actor.adminName,
        });
        await recordOperation(tx, actor, {
          action: 'mini-program-version.submit',
          targetType: 'mini-program-version',
          targetId: row.id,
          detail: { version: row.version },
        });
        await poll('version', row.id, merchantId, tx);
      });
      return ok({ id: row.id });
    },
  );

  // Releasing is billable: charged once per version (a retry after a failure charges nothing
  // more), before the platform is asked; a short balance refuses it and nothing is released.
  app.post(
    '/admin/mini-program-version/release',
    {
      config: publish,
      schema: {
        tags: versionTags,
        body: releaseBody,
        // The balance after, for an account that may open the cost centre (null otherwise).
        response: { 200: envelopeOf(idResult.extend({ balance: z.string().nullable() })) },
      },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const actor = actorOf(request);
      // The merchant's balance is the cost centre's to tell: a publisher without it is told
      // neither the balance after nor, when it falls short, how much is left.
      const seesBalance = can(request.auth, 'cost-center');
      const appid = await appidOf(merchantId);
      const row = await versionOf(merchantId, request.body.id);
      if (row.status !== 'approved' || !row.taskId)
        throw conflict('mini-program-version:errors.cannotRelease');
      // An older version over a newer one only when the merchant said so, told both.
      const { current } = await previousRelease(db, merchantId);
      if (
        current &&
        compareVersions(row.version, current.version) < 0 &&
        !request.body.replaceNewer
      )
        throw conflict('mini-program-version:errors.olderThanLive', {
          version: row.version,
          live: current.version,
        });
      const posted = await charge(
        db,
        merchantId,
        RELEASE_PRICE,
        `小程序发布 · Mini-program release ${row.version}`,
        `mini-program.release:${row.id}`,
        actor,
      ).catch((error: unknown) => {
        if (error instanceof InsufficientBalance && !seesBalance)
          throw new AppError(
            ResultCode.CONFLICT,
            message('money.balanceShortHidden', { amount: RELEASE_PRICE }),
          );
        throw error;
      });
      await platform.release({ appid, taskId: row.taskId }).catch(refused);
      await db.transaction(async (tx) => {
        await lockMerchant(tx, merchantId);
        const now = new Date();
        const [moved] = await tx
          .update(miniProgramVersions)
          .set({ status: 'released', releasedAt: now, updatedAt: now })
          .where(
            and(eq(miniProgramVersions.id, row.id), eq(miniProgramVersions.status, 'approved')),
          )
          .returning({ id: miniProgramVersions.id });
        if (!moved) throw conflict('mini-program-version:errors.cannotRelease');
        const replaced = await tx
          .update(miniProgramVersions)
          .set({ status: 'superseded', updatedAt: now })
          .where(
            and(
              eq(miniProgramVersions.merchantId, merchantId),
              eq(miniProgramVersions.status, 'released'),
              ne(miniProgramVersions.id, row.id),
            ),
          )
          .returning({ id: miniProgramVersions.id });
        for (const old of replaced)
          await recordEvent(tx, {
            merchantId,
            subject: 'version',
            subjectId: old.id,
            status: 'superseded',
            actor: actor.adminName,
            note: row.version,
          });
        await recordEvent(tx, {
          merchantId,
          subject: 'version',
          subjectId: row.id,
          status: 'released',
          actor: actor.adminName,
          note: `¥${RELEASE_PRICE}`,
        });
        await recordOperation(tx, actor, {
          action: 'mini-program-version.release',
          targetType: 'mini-program-version',
          targetId: row.id,
          detail: { version: row.version, amount: RELEASE_PRICE },
        });
      });
      return ok({ id: row.id, balance: seesBalance ? posted.balanceAfter : null });
    },
  );

  app.post(
    '/admin/mini-program-version/rollback',
    {
      config: publish,
      schema: {
        tags: versionTags,
        body: z.object({}).strict().optional(),
        response: { 200: envelopeOf(idResult) },
      },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const actor = actorOf(request);
      const appid = await appidOf(merchantId);
      const { current, previous } = await previousRelease(db, merchantId);
      if (!current || !previous) throw conflict('mini-program-version:errors.noRollback');
      await platform.rollback({ appid }).catch(refused);
      await db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .update(miniProgramVersions)
          .set({ status: 'rolledBack', updatedAt: now })
          .where(eq(miniProgramVersions.id, current.id));
        await tx
          .update(miniProgramVersions)
          .set({ status: 'released', updatedAt: now })
          .where(eq(miniProgramVersions.id, previous.id));
        await recordEvent(tx, {
          merchantId,
          subject: 'version',
          subjectId: current.id,
          status: 'rolledBack',
          actor: actor.adminName,
          note: previous.version,
        });
        await recordEvent(tx, {
          merchantId,
          subject: 'version',
          subjectId: previous.id,
          status: 'released',
          actor: actor.adminName,
          note: `${current.version} → ${previous.version}`,
        });
        await recordOperation(tx, actor, {
          action: 'mini-program-version.rollback',
          targetType: 'mini-program-version',
          targetId: previous.id,
          detail: { from: current.version, to: previous.version },
        });
      });
      return ok({ id: previous.id });
    },
  );

  app.post(
    '/admin/mini-program-version/qr',
    {
      config: publish,
      schema: { tags: versionTags, body: versionRef, response: { 200: envelopeOf(qrResult) } },
    },
    async (request) => {
      const row = await versionOf(request.auth!.merchantId, request.body.id);
      return ok(await qrOf(absolute(request, row.experienceUrl), `experience-${row.version}.png`));
    },
  );
};

export default miniProgramVersionRoutes;
