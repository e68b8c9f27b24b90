import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { platformInfo, siteDetails, websiteConfig } from '../../../shared/site';
import type { AppContext } from '../../context';
import { envelopeOf, ok } from '../../plugins/envelope';
import { bearerToken } from '../auth/tokens';
import { actorOf } from '../system/operation-log';
import { getMerchantSite, getPlatformSite, updateMerchantSite } from './service';

export const siteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, auth }) => {
  app.post(
    '/open/config/website_config',
    { config: { access: 'public' }, schema: { response: { 200: envelopeOf(websiteConfig) } } },
    async (request) => {
      // Signed in, the merchant's own name; before sign-in, the platform's.
      const token = bearerToken(request.headers.authorization);
      const session = token ? await auth.authenticate(token).catch(() => null) : null;
      if (!session) return ok(await getPlatformSite(db));
      return ok({ website_name: (await getMerchantSite(db, session.merchantId)).websiteName });
    },
  );

  app.post(
    '/admin/site/detail',
    {
      config: { permission: 'website-setting' },
      schema: {
        body: z.object({}).passthrough().nullish(),
        response: { 200: envelopeOf(siteDetails) },
      },
    },
    async (request) => ok(await getMerchantSite(db, request.auth!.merchantId)),
  );

  app.post(
    '/admin/site/update',
    {
      config: { permission: 'website-setting' },
      schema: { body: siteDetails, response: { 200: envelopeOf(siteDetails) } },
    },
    async (request) => ok(await updateMerchantSite(db, actorOf(request), request.body)),
  );

  // Written by the build; re-read on every poll so a redeploy behind the same URL is noticed.
  app.get(
    '/platform-info.json',
    { config: { access: 'public' }, schema: { response: { 200: platformInfo } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const file = await readFile(path.join(config.WEB_DIST, 'platform-info.json'), 'utf8');
        return platformInfo.parse(JSON.parse(file));
      } catch {
        return { versionHash: 'development' };
      }
    },
  );
};

export default siteRoutes;
