import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  monthlyParams,
  monthlyResult,
  rechargeBody,
  rechargeListResult,
  rechargeOrder,
  rechargeRef,
} from '../../../shared/cost-center';
import type { AppContext } from '../../context';
import { actorOf } from '../../kit/operation-log';
import { notifyRoute } from '../../payment/notify-route';
import { envelopeOf, ok } from '../../plugins/envelope';
import { RECHARGE_NOTIFY_PATH, rechargeService, toOrder } from './recharge';

/**
 * The cost centre beside its derived ledger calls (list, detail, export of /cost-center):
 * recharges (/recharge and its pay page), the monthly totals, and the gateway's notifications.
 */
export const costCenterRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, payments, config } = context;
  const recharges = rechargeService(context);
  // An install that forgot PAYMENT_GATEWAY: anyone signed in could pay recharges on the sandbox's
  // page, crediting a balance with money nobody paid.
  if (payments.name === 'sandbox' && config.NODE_ENV === 'production') {
    if (config.SANDBOX_RECHARGE === 'off')
      app.log.info('PAYMENT_GATEWAY is the sandbox: recharges are off (SANDBOX_RECHARGE=off)');
    else
      app.log.warn(
        'PAYMENT_GATEWAY is the sandbox in production: recharges of the balance are paid on its page without real money; set PAYMENT_GATEWAY (alipay or wechat), or SANDBOX_RECHARGE=off to refuse recharges',
      );
  }
  const tags = ['cost-center'];

  app.post(
    '/admin/cost-center/recharge',
    {
      config: { permission: 'recharge' },
      schema: { tags, body: rechargeBody, response: { 200: envelopeOf(rechargeOrder) } },
    },
    async (request) => ok(await recharges.create(actorOf(request), request.body)),
  );

  app.post(
    '/admin/cost-center/recharge-detail',
    {
      config: { permission: 'recharge' },
      schema: { tags, body: rechargeRef, response: { 200: envelopeOf(rechargeOrder) } },
    },
    async (request) =>
      ok(toOrder(await recharges.detail(request.auth!.merchantId, request.body.orderNo))),
  );

  app.post(
    '/admin/cost-center/recharge-close',
    {
      config: { permission: 'recharge' },
      schema: { tags, body: rechargeRef, response: { 200: envelopeOf(rechargeOrder) } },
    },
    async (request) => ok(toOrder(await recharges.close(actorOf(request), request.body.orderNo))),
  );

  app.post(
    '/admin/cost-center/recharge-list',
    {
      config: { permission: 'recharge' },
      schema: { tags, body: z.object({}), response: { 200: envelopeOf(rechargeListResult) } },
    },
    async (request) =>
      ok({ items: (await recharges.recent(request.auth!.merchantId)).map(toOrder) }),
  );

  app.post(
    '/admin/cost-center/monthly',
    {
      config: { permission: 'cost-center' },
      schema: { tags, body: monthlyParams, response: { 200: envelopeOf(monthlyResult) } },
    },
    async (request) => {
      const { tz, months } = request.body;
      // Months in the reader's time zone (tz as Date#getTimezoneOffset gives it).
      const local = sql`(created_at at time zone 'UTC') - ${tz} * interval '1 minute'`;
      const { rows } = (await db.execute(sql`
        select to_char(date_trunc('month', ${local}), 'YYYY-MM') as month,
          coalesce(sum(amount) filter (where type = 'recharge'), 0)::numeric(14, 2)::text as recharge,
          coalesce(-sum(amount) filter (where type = 'charge'), 0)::numeric(14, 2)::text as charge,
          coalesce(sum(amount) filter (where type = 'refund'), 0)::numeric(14, 2)::text as refund,
          coalesce(sum(amount) filter (where type = 'adjustment'), 0)::numeric(14, 2)::text as adjustment,
          sum(amount)::numeric(14, 2)::text as net,
          count(*)::int as entries
        from ledger_entries
        where merchant_id = ${request.auth!.merchantId}
          and ${local} >= date_trunc('month', (now() at time zone 'UTC') - ${tz} * interval '1 minute')
            - ${months - 1} * interval '1 month'
        group by 1 order by 1 desc`)) as unknown as {
        rows: z.infer<typeof monthlyResult>['items'];
      };
      return ok({ items: rows.map((row) => ({ ...row, entries: Number(row.entries) })) });
    },
  );

  notifyRoute(app, payments, RECHARGE_NOTIFY_PATH, {
    tags,
    async apply(notice, ip) {
      await recharges.apply(notice, ip);
      if (context.config.FAULT_INJECT === 'kill-after-credit') process.kill(process.pid, 'SIGKILL');
    },
  });
};

export default costCenterRoutes;
