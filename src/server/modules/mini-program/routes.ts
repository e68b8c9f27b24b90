import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import {
  accountState,
  compareVersions,
  historyResult,
  infoBody,
  pathQrBody,
  RELEASE_PRICE,
  registerBody,
  releaseBody,
  uploadBody,
  versionRef,
} from '../../../shared/mini-program';
import { TEMPLATES } from '../../../shared/resources/mini-program-version';
import type { AppContext } from '../../context';
import {
  miniProgramInfoChanges,
  miniProgramRegistrations,
  miniProgramVersions,
} from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { qrPng } from '../../kit/qr-codes';
import { InvalidCallback, PlatformRefused } from '../../miniprogram';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';
import { charge, InsufficientBalance } from '../cost-center/ledger';
import {
  accountOf,
  CALLBACK_PATH,
  createMiniProgramService,
  historyOf,
  lockMerchant,
  previousRelease,
  recordEvent,
  recordTask,
  type Subject,
} from './service';

const conflict = (key: Parameters<typeof message>[0], params?: Record<string, string>) =>
  new AppError(ResultCode.CONFLICT, message(key, params));

/** The screens that show the area's rows, by what the history call names. */
const HISTORY_ROUTES: Record<Subject, string[]> = {
  registration: ['mini-program-register-list', 'mini-program-register'],
  info: ['xcxbase/info'],
  version: ['mini-program-publish'],
};
/** Every screen of the area: each shows where the mini-program stands. */
const AREA_ROUTES = [
  'mini-program-register',
  'mini-program-register-list',
  'mini-program-publish',
  'xcxbase/info',
  'xcxbase/banner',
  'xcxbase/nine',
  'page-path',
];
const anyOf = (routes: string[]) => (request: FastifyRequest) =>
  routes.find((route) => can(request.auth, route)) ?? routes[0]!;

const idResult = z.object({ id: z.number() });
const qrResult = z.object({ url: z.string(), png: z.string(), filename: z.string() });

/**
 * The mini-program's own calls (beside the derived lists of its four resources): registering
 * (and registering again after a failure), changing the basic info, uploading a version,
 * submitting it for review, releasing it (charged to the balance) and rolling back; each row's
 * history; where the mini-program stands; QR codes of an experience version and of a page path;
 * and the platform's callbacks, which move the rows together with the job that asks after them.
 */
export const miniProgramRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, config, miniProgram: platform } = context;
  const service = createMiniProgramService(context);
  const originOf = (request: FastifyRequest) =>
    config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
  const absolute = (request: FastifyRequest, path: string) =>
    /^https?:\/\//.test(path) ? path : `${originOf(request).replace(/\/+$/, '')}${path}`;
  const refused = (error: unknown): never => {
    if (error instanceof PlatformRefused)
      throw conflict('mini-program-version:errors.refused', { reason: error.message });
    throw error;
  };

  // The platform's callbacks: verified, applied once, acknowledged.
  app.post(
    CALLBACK_PATH,
    {
      config: { access: 'public' },
      schema: { tags: ['mini-program'], body: z.record(z.string(), z.unknown()), hide: true },
    },
    async (request, reply) => {
      try {
        const event = await platform.verifyCallback({
          headers: request.headers,
          body: request.body,
        });
        await service.apply(event);
      } catch (error) {
        if (!(error instanceof InvalidCallback)) throw error;
        request.log.warn({ reason: error.message }, 'mini-program callback refused');
        return reply.code(400).type('text/plain; charset=utf-8').send('fail');
      }
      return reply.type(platform.ack.contentType).send(platform.ack.body);
    },
  );

  app.post(
    '/admin/mini-program/state',
    {
      config: { permission: anyOf(AREA_ROUTES) },
      schema: { tags: ['mini-program'], response: { 200: envelopeOf(accountState) } },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const account = await accountOf(db, merchantId);
      const [registration] = await db
        .select()
        .from(miniProgramRegistrations)
        .where(eq(miniProgramRegistrations.merchantId, merchantId))
        .orderBy(desc(miniProgramRegistrations.id))
        .limit(1);
      const [pending] = await db
        .select({ id: miniProgramInfoChanges.id, name: miniProgramInfoChanges.name })
        .from(miniProgramInfoChanges)
        .where(
          and(
            eq(miniProgramInfoChanges.merchantId, merchantId),
            eq(miniProgramInfoChanges.status, 'reviewing'),
          ),
        )
        .limit(1);
      const { current, previous } = await previousRelease(db, merchantId);
      const [reviewing] = await db
        .select({ id: miniProgramVersions.id })
        .from(miniProgramVersions)
        .where(
          and(
            eq(miniProgramVersions.merchantId, merchantId),
            eq(miniProgramVersions.status, 'reviewing'),
          ),
        )
        .limit(1);
      const waiting = registration?.status === 'confirming' && registration.taskId;
      return ok({
        appid: account.appid,
        name: account.name,
        avatar: account.avatar,
        intro: account.intro,
        categories: account.categories,
        registration: registration
          ? {
              id: registration.id,
              status: registration.status,
              kind: registration.kind,
              companyName: registration.companyName,
              creditCode: registration.creditCode,
              legalName: registration.legalName,
              legalWechat: registration.legalWechat,
              contactPhone: registration.contactPhone,
              reason: registration.reason,
              confirmUrl: waiting ? platform.actionUrl(registration.taskId!) : null,
            }
          : null,
        pendingInfo: pending ?? null,
        released: current
          ? { id: current.id, version: current.version, templateId: current.templateId }
          : null,
        canRollback: !!previous,
        reviewing: reviewing?.id ?? null,
        releasePrice: RELEASE_PRICE,
      });
    },
  );

  app.post(
    '/admin/mini-program/history',
    {
      config: {
        permission: (request: FastifyRequest) =>
          anyOf(HISTORY_ROUTES[(request.body as { subject: Subject }).subject] ?? ['-'])(request),
      },
      schema: {
        tags: ['mini-program'],
        body: z
          .object({
            subject: z.enum(['registration', 'info', 'version']),
            id: z.number().int().positive(),
          })
          .strict(),
        response: { 200: envelopeOf(historyResult.extend({ actionUrl: z.string().nullable() })) },
      },
    },
    async (request) => {
      const { subject, id } = request.body;
      const merchantId = request.auth!.merchantId;
      const table = {
        registration: miniProgramRegistrations,
        info: miniProgramInfoChanges,
        version: miniProgramVersions,
      }[subject];
      const [row] = await db
        .select({ taskId: table.taskId, status: table.status })
        .from(table)
        .where(and(eq(table.id, id), eq(table.merchantId, merchantId)));
      if (!row) throw notFound();
      // Where a person acts on it now (the sandbox's page), while it waits for one.
      const open = ['confirming', 'reviewing'].includes(row.status) && row.taskId;
      return ok({
        items: await historyOf(db, merchantId, subject, id),
        actionUrl: open ? platform.actionUrl(row.taskId!) : null,
      });
    },
  );

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
        await service.poll('registration', row.id, merchantId);
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
      await service.poll('info', row.id, merchantId);
      return ok({ id: row.id });
    },
  );

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
        await service.poll('version', row.id, merchantId, tx);
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

  const qrOf = async (url: string, filename: string) => ({
    url,
    png: `data:image/png;base64,${(await qrPng(url)).toString('base64')}`,
    filename,
  });

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

  // The page-path tool's code: what opens the page in the mini-program (the platform's link).
  app.post(
    '/admin/page-path/qr',
    {
      config: { permission: 'page-path' },
      schema: { tags: ['page-path'], body: pathQrBody, response: { 200: envelopeOf(qrResult) } },
    },
    async (request) => {
      const { appid } = await accountOf(db, request.auth!.merchantId);
      const url = absolute(request, platform.pageUrl(appid, request.body.path));
      const name = request.body.path.replace(/^\/pages\//, '').replace(/[^\w-]+/g, '-');
      return ok(await qrOf(url, `${name}.png`));
    },
  );
};

export default miniProgramRoutes;
