import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { menuList } from '../../../shared/auth';
import { menuFor } from '../../../shared/routes';
import type { AppContext } from '../../context';
import { envelopeOf, ok } from '../../plugins/envelope';

export const menuRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.post(
    '/admin/menu/index',
    { config: { access: 'signed-in' }, schema: { response: { 200: envelopeOf(menuList) } } },
    async (request) => ok(menuFor(request.auth!.permissions)),
  );
};

export default menuRoutes;
