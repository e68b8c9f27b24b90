import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResultCode } from '../../shared/envelope';
import { message } from '../../shared/messages';
import { AppError } from '../errors';
import type { AuthContext, AuthService } from '../modules/auth/service';
import { bearerToken } from '../modules/auth/tokens';

/**
 * How a route is reached, declared in its `config`:
 * - `{ permission: 'client-list' }`: signed in, and the account may open that route name;
 * - `{ access: 'signed-in' }`: any signed-in account (its own profile, menu, sign-out);
 * - `{ access: 'public' }`: no token needed.
 * Every /admin route must declare one: forgetting it fails at start-up, never opens a route.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route name, or one read from the validated body (e.g. each article type's own route). */
    permission?: string | ((request: FastifyRequest) => string);
    access?: 'public' | 'signed-in';
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The one permission check: the menu, guard and buttons of the SPA use the same names. */
export function can(auth: AuthContext | null, permission: string): boolean {
  return !!auth && auth.permissions.has(permission);
}

function refuse(): never {
  throw new AppError(ResultCode.FORBIDDEN, message('permission.deniedPage'));
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { auth: AuthService }) => {
    app.decorateRequest('auth', null);

    const authenticate = async (request: FastifyRequest) => {
      const config = request.routeOptions.config;
      if (config.permission === undefined && config.access !== 'signed-in') return;
      request.auth = await opts.auth.authenticate(bearerToken(request.headers.authorization));
      if (typeof config.permission === 'string' && !can(request.auth, config.permission)) refuse();
    };

    app.addHook('onRoute', (route) => {
      const config = route.config as { permission?: string; access?: string } | undefined;
      const declared = config?.permission !== undefined || config?.access !== undefined;
      if (route.url.startsWith('/admin') && !declared) {
        throw new Error(
          `Route ${route.method} ${route.url} declares neither permission nor access`,
        );
      }
      // A route hook, after the rate limit's (registered before this plugin): a global hook would
      // run first, and calls refused 401 (a flood of forged tokens) would never be rate limited.
      const before = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [...before, authenticate] as typeof route.onRequest;
    });

    // A permission that depends on the body is checked once the body is parsed and validated.
    app.addHook('preHandler', async (request: FastifyRequest) => {
      const { permission } = request.routeOptions.config;
      if (typeof permission === 'function' && !can(request.auth, permission(request))) refuse();
    });
  },
  { name: 'auth' },
);
