import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformInfo, websiteConfig } from '../../../shared/site';
import type { AppContext } from '../../context';
import { envelopeOf, ok } from '../../plugins/envelope';
import { getPlatformSite } from './service';

export const siteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
  app.post(
    '/open/config/website_config',
    { config: { access: 'public' }, schema: { response: { 200: envelopeOf(websiteConfig) } } },
    async () => ok(await getPlatformSite(db)),
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
