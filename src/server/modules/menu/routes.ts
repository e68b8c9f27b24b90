import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { menuList } from '../../../shared/auth';
import { allRouteNames } from '../../../shared/routes';
import type { AppContext } from '../../context';
import { envelopeOf, ok } from '../../plugins/envelope';

export const menuRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.post(
    '/admin/menu/index',
    { config: { access: 'signed-in' }, schema: { response: { 200: envelopeOf(menuList) } } },
    async (request) => {
      const permitted = request.auth!.permissions;
      // Catalog order, so the menu keeps the product's order whatever order grants were made in.
      return ok(
        allRouteNames()
          .filter((name) => permitted.has(name))
          .map((name) => ({ name })),
      );
    },
  );
};
