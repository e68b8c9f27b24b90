import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBody, loginResult } from '../../../shared/auth';
import { menuFor } from '../../../shared/routes';
import type { AppContext } from '../../context';
import { countSignInFailure } from '../../kit/metrics';
import { envelopeOf, ok } from '../../plugins/envelope';

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { auth }) => {
  app.post(
    '/admin/auth/login',
    {
      config: { access: 'public' },
      onError: countSignInFailure,
      schema: { body: loginBody, response: { 200: envelopeOf(loginResult) } },
    },
    async (request) => {
      const { name, password } = request.body;
      const { token } = await auth.login({
        name,
        password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      // The new session's permission list and profile come with the token: the app would ask
      // for both next, and opening the dashboard then waits for one round trip fewer.
      const session = await auth.authenticate(token);
      return ok({
        token,
        session: { menu: menuFor(session.permissions), profile: await auth.profile(session) },
      });
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

export default authRoutes;
