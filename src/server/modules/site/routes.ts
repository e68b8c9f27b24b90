import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformInfo, websiteConfig } from '../../../shared/site';
import type { AppContext } from '../../context';
import { envelopeOf, ok } from '../../plugins/envelope';
import { bearerToken } from '../auth/tokens';
import { merchantWebsiteName, platformWebsiteName } from './service';

/**
 * The site's public calls: the website name the app shows, and the build's version. The merchant's
 * website settings themselves are the website-setting resource (shared/resources).
 */
export const siteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, auth }) => {
  app.post(
    '/open/config/website_config',
    { config: { access: 'public' }, schema: { response: { 200: envelopeOf(websiteConfig) } } },
    async (request) => {
      // Signed in, the merchant's own name; before sign-in, the platform's.
      const token = bearerToken(request.headers.authorization);
      const session = token ? await auth.authenticate(token).catch(() => null) : null;
      return ok({
        website_name: session
          ? await merchantWebsiteName(db, session.merchantId)
          : await platformWebsiteName(db),
      });
    },
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
