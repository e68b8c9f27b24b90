import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { httpRequestDuration, httpRequests, metricsRegistry, registerGauge } from '../kit/metrics';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(reply: FastifyReply, status: number, msg: string) {
  return reply.code(status).type('text/plain; charset=utf-8').send(`${msg}\n`);
}

/**
 * `GET /metrics` in Prometheus' text format, and the hooks that feed it: requests and their
 * latency per route pattern, the database pool, sign-in failures (auth module), the process.
 * Off unless METRICS_TOKEN (bearer token required) or METRICS=public is set.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { config, db }: { config: Config; db: Database }) => {
    app.addHook('onResponse', async (request, reply) => {
      // The pattern, never the raw URL, so ids and tokens do not become series.
      const labels = {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status: String(reply.statusCode),
      };
      httpRequests.inc(labels);
      httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    });

    const client = (db as unknown as { $client?: unknown }).$client;
    const removeGauges: (() => void)[] = [];
    if (client instanceof pg.Pool) {
      const pool = client;
      removeGauges.push(
        registerGauge({
          name: 'db_pool_connections',
          help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
          labelNames: ['state'] as const,
          read: () => [
            { labels: { state: 'total' }, value: pool.totalCount },
            { labels: { state: 'idle' }, value: pool.idleCount },
            { labels: { state: 'waiting' }, value: pool.waitingCount },
          ],
        }),
        registerGauge({
          name: 'db_pool_max',
          help: 'Largest number of connections the PostgreSQL pool opens',
          read: () => [{ value: pool.options.max ?? 10 }],
        }),
      );
    }
    removeGauges.push(
      registerGauge({
        name: 'db_embedded',
        help: '1 when the database is the embedded PGlite (one connection, no pool), 0 on PostgreSQL',
        read: () => [{ value: client instanceof pg.Pool ? 0 : 1 }],
      }),
    );
    app.addHook('onClose', async () => {
      for (const remove of removeGauges) remove();
    });

    app.get(
      '/metrics',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        if (config.METRICS_TOKEN) {
          const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
          if (!sameSecret(given, config.METRICS_TOKEN)) {
            reply.header('www-authenticate', 'Bearer realm="metrics"');
            return refuse(reply, 401, 'A bearer token (METRICS_TOKEN) is required');
          }
        } else if (config.METRICS !== 'public') {
          return refuse(reply, 404, 'Metrics are off (set METRICS_TOKEN or METRICS=public)');
        }
        const body = await metricsRegistry.metrics();
        return reply
          .header('content-type', metricsRegistry.contentType)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  },
  { name: 'metrics' },
);
