import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HelmetOptions } from 'helmet';

/**
 * helmet, the library @fastify/helmet wraps (resolved through it, its declared dependency).
 * @fastify/helmet builds helmet's middleware afresh on every request, parsing the whole CSP each
 * time; here it is built once and applied to each response, with the same headers.
 */
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))(
  'helmet',
) as (
  options: Readonly<HelmetOptions>,
) => (req: unknown, res: unknown, next: (err?: unknown) => void) => void;

/** helmet's security headers (CSP, HSTS, nosniff, frame options…) on every response. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const apply = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      apply(request.raw, reply.raw, (err) => done(err as Error | undefined));
    });
  },
  { name: 'security-headers' },
);
