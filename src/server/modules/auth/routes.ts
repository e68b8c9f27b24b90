import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBody, loginResult } from '../../../shared/auth';
import type { AppContext } from '../../context';
import { envelopeOf, ok } from '../../plugins/envelope';

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { auth }) => {
  app.post(
    '/admin/auth/login',
    {
      config: { access: 'public' },
      schema: { body: loginBody, response: { 200: envelopeOf(loginResult) } },
    },
    async (request) => {
      const { name, password } = request.body;
      const result = await auth.login({
        name,
        password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return ok(result);
    },
  );

  app.post(
    '/admin/auth/loginOut',
    { config: { access: 'signed-in' }, schema: { response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await auth.logout(request.auth!, request.ip);
      return ok(null);
    },
  );
};
