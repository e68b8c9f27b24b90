import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountState,
  historyResult,
  pathQrBody,
  RELEASE_PRICE,
} from '../../../shared/mini-program';
import type { AppContext } from '../../context';
import {
  miniProgramInfoChanges,
  miniProgramRegistrations,
  miniProgramVersions,
} from '../../db/schema/mini-program';
import { notFound } from '../../errors';
import { InvalidCallback } from '../../miniprogram';
import { envelopeOf, ok } from '../../plugins/envelope';
import { absoluteUrl, anyOf, qrOf, qrResult } from './answers';
import {
  accountOf,
  CALLBACK_PATH,
  createMiniProgramService,
  historyOf,
  previousRelease,
  type Subject,
} from './service';

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
/**
 * The mini-program area's own calls: where the mini-program stands, each row's history, the
 * page-path tool's QR code, and the platform's callbacks, which move the rows together with the
 * job that asks after them. Registering, the basic info and the versions have their modules
 * (mini-program-registration, mini-program-info, mini-program-version).
 */
export const miniProgramRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, config, miniProgram: platform } = context;
  const service = createMiniProgramService(context);
  const absolute = absoluteUrl(config);

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
