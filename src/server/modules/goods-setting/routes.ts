import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import { idsParam } from '../../../shared/list';
import { CURRENCIES } from '../../../shared/marketplace';
import { message } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { goodsSettings } from '../../db/schema/goods-setting';
import { AppError, notFound } from '../../errors';
import {
  chinaDay,
  type ExchangeRateSource,
  exchangeRateSourceOf,
  RateUnavailable,
  rateOf,
} from '../../exchange-rate';
import { RunAgain } from '../../kit/jobs';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { envelopeOf, ok } from '../../plugins/envelope';

/** The job that fetches the day's rate for every setting whose rate is fetched: `{}`. */
export const RATES_JOB = 'goods-setting.rates';

/** The day's rate of each currency, or a refusal naming the one the source has not. */
async function ratesFor(source: ExchangeRateSource, currencies: string[], day: string) {
  const rates = new Map<string, string>();
  try {
    for (const currency of new Set(currencies))
      rates.set(currency, await rateOf(source, currency, day));
  } catch (error) {
    if (!(error instanceof RateUnavailable)) throw error;
    throw new AppError(
      ResultCode.CONFLICT,
      message('goods-setting:errors.rateUnavailable', { currency: error.currency }),
    );
  }
  return rates;
}

/**
 * The day's exchange rate (获取汇率), from the source EXCHANGE_RATE_SOURCE names: shown to the
 * form, or written into chosen settings, which then keep it fresh every day (the rates job, every
 * EXCHANGE_RATE_HOURS). A rate typed by hand is never overwritten: typing one makes the setting's
 * rate the merchant's again (hooks.ts).
 */
const goodsSettingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, jobs, config }) => {
  const source = exchangeRateSourceOf(config);
  const everyMs = config.EXCHANGE_RATE_HOURS * 3_600_000;
  const permission = { permission: 'goods-setting-list' };

  jobs.register(RATES_JOB, async (job) => {
    const fetched = await db
      .select({ id: goodsSettings.id, currency: goodsSettings.currency })
      .from(goodsSettings)
      .where(isNotNull(goodsSettings.rateFetchedAt));
    const day = chinaDay();
    const rates = new Map<string, string>();
    const missing: string[] = [];
    for (const currency of new Set(fetched.map((s) => s.currency)))
      try {
        rates.set(currency, await rateOf(source, currency, day));
      } catch (error) {
        if (!(error instanceof RateUnavailable)) throw error;
        missing.push(currency);
      }
    const now = new Date();
    for (const [currency, rate] of rates)
      await db
        .update(goodsSettings)
        .set({ exchangeRate: rate, rateFetchedAt: now })
        .where(and(eq(goodsSettings.currency, currency), isNotNull(goodsSettings.rateFetchedAt)));
    const result = {
      day,
      settings: fetched.filter((s) => rates.has(s.currency)).length,
      rates: Object.fromEntries(rates),
      missing,
    };
    await job.progress({ ...result, at: now.toISOString() });
    return everyMs > 0 ? new RunAgain(everyMs) : result;
  });
  if (config.JOBS === 'on' && everyMs > 0)
    app.addHook('onReady', async () => {
      await jobs.enqueue(RATES_JOB, {}, { dedupeKey: 'rates', delayMs: 60_000, maxAttempts: 10 });
    });

  // Today's rate of a currency, for the form to fill in.
  app.post(
    '/admin/goods-setting/rate',
    {
      config: permission,
      schema: {
        tags: ['goods-setting'],
        body: z.object({ currency: z.enum(CURRENCIES) }),
        response: {
          200: envelopeOf(z.object({ currency: z.string(), rate: z.string(), day: z.string() })),
        },
      },
    },
    async (request) => {
      const day = chinaDay();
      const rates = await ratesFor(source, [request.body.currency], day);
      return ok({ currency: request.body.currency, rate: rates.get(request.body.currency)!, day });
    },
  );

  // Today's rate written into the chosen settings, which keep it fresh from then on.
  app.post(
    '/admin/goods-setting/fetch-rate',
    {
      config: permission,
      schema: {
        tags: ['goods-setting'],
        body: idsParam,
        response: {
          200: envelopeOf(
            z.object({
              day: z.string(),
              items: z.array(
                z.object({
                  id: z.number(),
                  currency: z.string(),
                  exchangeRate: z.string(),
                  rateFetchedAt: z.date(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const ids = [...new Set(request.body.ids)];
      const chosen = await db
        .select()
        .from(goodsSettings)
        .where(and(eq(goodsSettings.merchantId, merchantId), inArray(goodsSettings.id, ids)))
        .orderBy(goodsSettings.id);
      if (chosen.length !== ids.length) throw notFound(message('goods-setting:noun'));
      const day = chinaDay();
      const rates = await ratesFor(
        source,
        chosen.map((s) => s.currency),
        day,
      );
      const now = new Date();
      return db.transaction(async (tx) => {
        const items = [];
        for (const setting of chosen) {
          const rate = rates.get(setting.currency)!;
          await tx
            .update(goodsSettings)
            .set({ exchangeRate: rate, rateFetchedAt: now, updatedAt: now })
            .where(eq(goodsSettings.id, setting.id));
          items.push({
            id: setting.id,
            currency: setting.currency,
            exchangeRate: rate,
            rateFetchedAt: now,
          });
        }
        await recordOperation(tx, actorOf(request), {
          action: 'goods-setting.fetchRate',
          targetType: 'goods-setting',
          targetId: ids.join(','),
          detail: {
            day,
            source: source.name,
            rates: Object.fromEntries(
              chosen.slice(0, 20).map((s) => [s.name, [s.exchangeRate, rates.get(s.currency)]]),
            ),
          },
        });
        return ok({ day, items });
      });
    },
  );
};

export default goodsSettingRoutes;
