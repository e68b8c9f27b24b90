import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type MenuEntry, menuList } from '../../../shared/auth';
import { allRouteNames } from '../../../shared/routes';
import type { AppContext } from '../../context';
import { envelopeOf, ok } from '../../plugins/envelope';
import type { AuthContext } from '../auth/service';

/** The permission list of a session, in catalog order whatever order grants were made in. */
export function menuFor(auth: Pick<AuthContext, 'permissions'>): MenuEntry[] {
  return allRouteNames()
    .filter((name) => auth.permissions.has(name))
    .map((name) => ({ name }));
}

export const menuRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.post(
    '/admin/menu/index',
    { config: { access: 'signed-in' }, schema: { response: { 200: envelopeOf(menuList) } } },
    async (request) => ok(menuFor(request.auth!)),
  );
};

export default menuRoutes;
