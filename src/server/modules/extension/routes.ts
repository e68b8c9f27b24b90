import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignLink, offerWords } from '../../../shared/extension';
import { message } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { extensions } from '../../db/schema/extension';
import { notFound } from '../../errors';
import { qrPng, qrPoster } from '../../kit/qr-codes';
import { sendFile } from '../../kit/send-file';
import { render, requestLanguage } from '../../messages';
import { envelopeOf, ok } from '../../plugins/envelope';
import { registerClock } from './clock';

const idBody = z.object({ id: z.number().int().positive() }).strict();
const shareResult = z.object({ url: z.string(), png: z.string(), filename: z.string() });

type Campaign = typeof extensions.$inferSelect;

/** A campaign's offer in words ("满 100 元减 20 元"), in the request's language. */
export function offerText(request: FastifyRequest, row: Campaign) {
  const { key, params } = offerWords(row);
  return render(requestLanguage(request), message(key as never, params));
}

const shanghai = (at: Date) =>
  at.toLocaleString('zh-CN', {
    hour12: false,
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * Beside the derived calls of /extension-list: the clock that moves published campaigns, and a
 * campaign's share link with its QR code and a printable poster (its name, offer, period, code).
 */
export const extensionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, config } = context;
  registerClock(context);
  const permission = { permission: 'extension-list' };
  const tags = ['extension'];
  const originOf = (request: FastifyRequest) =>
    config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;

  async function campaignOf(request: FastifyRequest, id: number) {
    const merchantId = request.auth!.merchantId;
    const [row] = await db
      .select()
      .from(extensions)
      .where(and(eq(extensions.id, id), eq(extensions.merchantId, merchantId)));
    if (!row) throw notFound(message('extension:noun'));
    return { row, url: campaignLink(originOf(request).replace(/\/+$/, ''), merchantId, row.id) };
  }

  app.post(
    '/admin/extension/share',
    {
      config: permission,
      schema: { tags, body: idBody, response: { 200: envelopeOf(shareResult) } },
    },
    async (request) => {
      const { row, url } = await campaignOf(request, request.body.id);
      const png = await qrPng(url);
      return ok({
        url,
        png: `data:image/png;base64,${png.toString('base64')}`,
        filename: `${row.name}.png`,
      });
    },
  );

  app.post(
    '/admin/extension/poster',
    { config: permission, schema: { tags, body: idBody } },
    async (request, reply) => {
      const { row, url } = await campaignOf(request, request.body.id);
      const pdf = await qrPoster(url, {
        title: row.name,
        lines: [offerText(request, row), `${shanghai(row.startAt)} – ${shanghai(row.endAt)}`],
        footer: render(requestLanguage(request), message('extension:shareHint' as never)),
      });
      return sendFile(reply, 'application/pdf', `${row.name}.pdf`, pdf);
    },
  );
};

export default extensionRoutes;
