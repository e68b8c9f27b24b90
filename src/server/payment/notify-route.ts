import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { InvalidNotice, type PaymentGateway, type PaymentNotice } from './gateway';

/**
 * A notify endpoint for the gateway's notifications of one area's trades: verified (signature,
 * then `apply` checks trade and amount against its own records), applied once however often and
 * in whatever order they come, and acknowledged so that the gateway stops sending. A refused one
 * is answered 400 `fail`; an error, 500 (sent again). The gateway is one, or the one a request
 * is for (a merchant's own Alipay, by the path's merchant id; InvalidNotice when it has none).
 */
export function notifyRoute(
  app: FastifyInstance,
  payments: PaymentGateway | ((request: FastifyRequest) => Promise<PaymentGateway>),
  path: string,
  options: {
    tags: string[];
    apply(notice: PaymentNotice, ip: string, request: FastifyRequest): Promise<unknown>;
  },
) {
  // JSON (the sandbox, WeChat Pay) and form posts (Alipay) alike; scoped to this route.
  app.register(async (scope) => {
    // WeChat Pay signs the body's bytes: JSON is parsed as before and its text kept to verify.
    const rawBodies = new WeakMap<FastifyRequest, string>();
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (request, text, done) => {
        rawBodies.set(request, String(text));
        parseJson(request, String(text), done);
      },
    );
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded'))
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_request, text, done) => done(null, Object.fromEntries(new URLSearchParams(String(text)))),
      );
    scope.post(
      path,
      {
        config: { access: 'public' },
        schema: { tags: options.tags, body: z.record(z.string(), z.unknown()), hide: true },
      },
      async (request, reply) => {
        let gateway: PaymentGateway;
        try {
          gateway = typeof payments === 'function' ? await payments(request) : payments;
          const notice = await gateway.verifyNotice({
            headers: request.headers,
            body: request.body,
            rawBody: rawBodies.get(request),
          });
          await options.apply(notice, request.ip, request);
        } catch (error) {
          if (!(error instanceof InvalidNotice)) throw error;
          request.log.warn({ reason: error.message }, 'payment notification refused');
          return reply.code(400).type('text/plain; charset=utf-8').send('fail');
        }
        return reply.type(gateway.ack.contentType).send(gateway.ack.body);
      },
    );
  });
}
