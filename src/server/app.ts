import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ResultCode } from '../shared/envelope';
import { backupPlugin } from './backup/plugin';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database, Listen } from './db/client';
import { JobQueue } from './kit/jobs';
import { registerModules } from './kit/modules';
import { createMarketplace } from './marketplace';
import { createMiniProgramPlatform } from './miniprogram';
import { createAuthService } from './modules/auth/service';
import { createPaymentGateway } from './payment';
import { authPlugin } from './plugins/auth';
import { envelopePlugin, isApiPath } from './plugins/envelope';
import { metricsPlugin } from './plugins/metrics';
import { multipartBoundaryPlugin } from './plugins/multipart-boundary';
import { securityHeadersPlugin } from './plugins/security-headers';
import { textInputPlugin } from './plugins/text-input';
import { printerAdapters } from './printer';
import { registerSpa, spaScriptSources } from './spa';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every change committed before the call reaches the session cache. */
    authCaughtUp(): Promise<void>;
    /** The job queue (its worker runs while the app is ready, unless JOBS=off). */
    jobs: JobQueue;
    /** Starts every address's request count again (tests that keep one app for many). */
    forgetRequestCounts(): void;
  }
}

export interface BuildOptions {
  db: Database;
  /** The database's notifications (DatabaseHandle.listen): signed-in sessions are then cached. */
  listen?: Listen;
  config: Config;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole app (API + SPA) without listening: main.ts listens, tests `inject`. */
export async function buildApp({ db, listen, config, logger = false }: BuildOptions) {
  const app = Fastify({
    logger,
    trustProxy: config.TRUST_PROXY,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers carry one account's data: never kept by a browser or a shared proxy.
    if (
      /^\/(admin|open|healthz|vue-element-admin)(\/|$|\?)/.test(request.url) &&
      !reply.hasHeader('cache-control')
    )
      reply.header('cache-control', 'no-store');
  });

  const auth = await createAuthService(
    db,
    {
      idleSeconds: config.SESSION_IDLE_SECONDS,
      maxSeconds: config.SESSION_MAX_SECONDS,
      loginMaxFailures: config.LOGIN_MAX_FAILURES,
      loginMaxPerIp: config.LOGIN_MAX_PER_IP,
      loginWindowSeconds: config.LOGIN_WINDOW_SECONDS,
    },
    listen,
  );
  app.addHook('onClose', () => auth.close());
  app.decorate('authCaughtUp', () => auth.caughtUp());
  const jobs = new JobQueue(db, {
    pollMs: config.JOB_POLL_MS,
    concurrency: config.JOB_CONCURRENCY,
    lockMs: config.JOB_LOCK_SECONDS * 1000,
    onError: (err, { job }) => app.log.warn({ err, job }, 'job failed'),
  });
  app.decorate('jobs', jobs);
  app.decorate('printers', printerAdapters(config));
  if (config.JOBS === 'on') app.addHook('onReady', async () => jobs.start());
  // Before the database closes: the jobs in hand finish first.
  app.addHook('onClose', () => jobs.stop());

  await app.register(envelopePlugin);
  await app.register(metricsPlugin, { config, db });
  await app.register(textInputPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        // The prerendered login page's inline check (spa.ts) is allowed by its hash.
        'script-src': ["'self'", ...spaScriptSources(config.WEB_DIST)],
        // antd writes its styles at run time (CSS-in-JS).
        'style-src': ["'self'", "'unsafe-inline'"],
        // Image addresses are what validation accepts (imageUrl, the article sanitizer): uploads
        // and http(s) addresses a merchant pastes.
        'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        // TLS usually ends at a proxy; upgrading would break plain-HTTP installs.
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The counts are kept by address within a round; a new round starts them all again.
  let rateLimitRound = 0;
  app.decorate('forgetRequestCounts', () => {
    rateLimitRound++;
  });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `${rateLimitRound} ${request.ip}`,
    // The health check stays answerable under load: a load balancer must not take a busy server
    // for a dead one.
    allowList: (request) => !isApiPath(request.url) || request.url.startsWith('/healthz'),
  });
  await app.register(authPlugin, { auth });
  await app.register(multipartBoundaryPlugin);
  await app.register(backupPlugin, { config, db });

  app.get('/healthz', { config: { access: 'public' } }, async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { code: ResultCode.OK, msg: 'success', data: { database: 'ok' } };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply
        .code(503)
        .send({ code: ResultCode.INTERNAL, msg: 'database unreachable', data: null });
    }
  });

  // The API document, generated from the same zod schemas that validate the calls.
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Merchant Admin API',
        version: '1',
        description:
          'Every answer is the envelope {code, msg, data}; success is code 200. Send the token from /admin/auth/login as a bearer token.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list' },
  });
  app.get(
    '/docs/openapi.json',
    { config: { access: 'public' }, schema: { hide: true } },
    async () => app.swagger(),
  );

  const payments = await createPaymentGateway(app as unknown as FastifyInstance, {
    db,
    jobs,
    config,
  });
  const marketplace = createMarketplace(config);
  const miniProgram = await createMiniProgramPlatform(app as unknown as FastifyInstance, {
    db,
    jobs,
    config,
  });
  const context: AppContext = { db, config, auth, jobs, payments, marketplace, miniProgram };
  await registerModules(app as unknown as FastifyInstance, context);

  await registerSpa(app as unknown as FastifyInstance, config.WEB_DIST);
  return app;
}
