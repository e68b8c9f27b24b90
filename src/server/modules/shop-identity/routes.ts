import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import { maskPhone } from '../../../shared/resource';
import {
  MOBILE_NUMBER,
  shopMe,
  shopVerifyCheckBody,
  shopVerifySendBody,
  smsSandboxInbox,
} from '../../../shared/shop';
import type { AppContext } from '../../context';
import { merchants } from '../../db/schema/merchant';
import { storeDetails } from '../../db/schema/store';
import { AppError, fieldError, notFound } from '../../errors';
import { render, requestLanguage } from '../../messages';
import { envelopeOf, ok } from '../../plugins/envelope';
import { SandboxSms, SmsRefused, smsSenderOf } from '../../sms';
import { CODE_MINUTES, checkCode, forget, newCode, verifiedPhone, verifyError } from './service';

const merchantParam = z.object({ merchantId: z.coerce.number().int().positive() });
const tokenBody = z.object({ token: z.string().min(32).max(64) });

/**
 * The storefront customer's phone: a code sent to it by SMS (within limits per number and per
 * address), checked for the device that asked; who the device is at the store; the SMS sandbox's
 * phone, which shows what was sent to a number (the sandbox only).
 */
export const shopIdentityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, config } = context;
  const sms = smsSenderOf(context);
  // The sandbox shows every code on the store page: a phone verified there proves only what the
  // sending limits allow, so an operator must know before customers' limits rest on it.
  if (sms.kind === 'sandbox' && config.NODE_ENV === 'production')
    app.log.warn(
      'SMS_PROVIDER is the sandbox in production: storefront verification codes are shown on the store page, so a verified phone proves only what the sending limits allow',
    );
  const tags = ['shop'];
  const access = { access: 'public' as const };

  /** The store's name, as its SMS signs it. */
  async function storeName(merchantId: number) {
    const [row] = await db
      .select({ name: merchants.name, store: storeDetails.name })
      .from(merchants)
      .leftJoin(storeDetails, eq(storeDetails.merchantId, merchants.id))
      .where(eq(merchants.id, merchantId));
    if (!row) throw notFound();
    return row.store || row.name;
  }

  const me = async (merchantId: number, token: string) => {
    const phone = await verifiedPhone(db, merchantId, token);
    return { phone: phone ? maskPhone(phone) : null, sms: sms.kind };
  };

  app.post(
    '/open/shop/:merchantId/me',
    {
      config: access,
      schema: {
        tags,
        params: merchantParam,
        body: tokenBody,
        response: { 200: envelopeOf(shopMe) },
      },
    },
    async (request) => {
      await storeName(request.params.merchantId);
      return ok(await me(request.params.merchantId, request.body.token));
    },
  );

  app.post(
    '/open/shop/:merchantId/verify/send',
    {
      config: access,
      schema: {
        tags,
        params: merchantParam,
        body: shopVerifySendBody,
        response: { 200: envelopeOf(z.object({ resendAfter: z.number() })) },
      },
    },
    async (request) => {
      const { merchantId } = request.params;
      const { token, phone } = request.body;
      const store = await storeName(merchantId);
      const code = await db.transaction((tx) =>
        newCode(tx, {
          merchantId,
          token,
          phone,
          ip: request.ip,
          perIpHour: config.SHOP_CODES_PER_IP_HOUR,
        }),
      );
      try {
        await sms.send({
          phone,
          text: render(
            requestLanguage(request),
            message('product-order:verify.sms' as never, {
              store,
              code,
              minutes: CODE_MINUTES,
            }),
          ),
        });
      } catch (error) {
        if (error instanceof SmsRefused)
          throw fieldError('phone', message('product-order:verify.refused' as never));
        request.log.error({ err: error }, 'SMS provider failed');
        throw new AppError(ResultCode.INTERNAL, message('product-order:verify.down' as never), 502);
      }
      return ok({ resendAfter: 60 });
    },
  );

  app.post(
    '/open/shop/:merchantId/verify/check',
    {
      config: access,
      schema: {
        tags,
        params: merchantParam,
        body: shopVerifyCheckBody,
        response: { 200: envelopeOf(shopMe) },
      },
    },
    async (request) => {
      const { merchantId } = request.params;
      await storeName(merchantId);
      const checked = await db.transaction((tx) => checkCode(tx, { merchantId, ...request.body }));
      if (!checked.ok)
        throw checked.left > 0
          ? verifyError('wrong', { left: checked.left })
          : verifyError('expired');
      return ok(await me(merchantId, request.body.token));
    },
  );

  app.post(
    '/open/shop/:merchantId/verify/forget',
    {
      config: access,
      schema: {
        tags,
        params: merchantParam,
        body: tokenBody,
        response: { 200: envelopeOf(shopMe) },
      },
    },
    async (request) => {
      await storeName(request.params.merchantId);
      await forget(db, request.params.merchantId, request.body.token);
      return ok(await me(request.params.merchantId, request.body.token));
    },
  );

  // The sandbox's phone: what was sent to a number lately, for the storefront page to show.
  if (sms instanceof SandboxSms)
    app.post(
      '/open/sms-sandbox/inbox',
      {
        config: access,
        schema: {
          tags: ['sms-sandbox'],
          body: z.object({ phone: z.string().trim().regex(MOBILE_NUMBER, 'validation.phone') }),
          response: { 200: envelopeOf(smsSandboxInbox) },
        },
      },
      async (request) =>
        ok(
          (await sms.inbox(request.body.phone)).map((m) => ({
            ...m,
            createdAt: m.createdAt.toISOString(),
          })),
        ),
    );
};

export default shopIdentityRoutes;
