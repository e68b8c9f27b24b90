import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/list';
import { message } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { actorOf } from '../../kit/operation-log';
import { sendFile } from '../../kit/send-file';
import { render, requestLanguage } from '../../messages';
import { buyLabel, packedOrders } from './label';
import { packingSlips, shippingLabel } from './packing-documents';

const ROUTE = 'orders-list';
const BASE = '/admin/marketplace-order';

/**
 * Fulfilment papers: packing slips of chosen orders (a PDF, one page each) and an order's
 * shipping label (bought from the sandbox's carrier once, its PDF printed as often as asked).
 */
export const packingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const tags = ['marketplace-order'];

  app.post(
    `${BASE}/packing-slip`,
    {
      config: { permission: ROUTE },
      schema: {
        tags,
        body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(200) }),
      },
    },
    async (request, reply) => {
      const orders = await packedOrders(db, request.auth!.merchantId, request.body.ids);
      if (orders.length === 0) throw notFound(message('marketplace-order:noun'));
      const lang = requestLanguage(request);
      const say = (key: string) => render(lang, message(`marketplace-order:slip.${key}`));
      const pdf = await packingSlips(orders, {
        title: say('title'),
        orderNo: say('orderNo'),
        orderedAt: say('orderedAt'),
        shipBy: say('shipBy'),
        shipTo: say('shipTo'),
        noAddress: say('noAddress'),
        sku: say('sku'),
        item: say('item'),
        quantity: say('quantity'),
        total: say('total'),
        thanks: say('thanks'),
      });
      const name = orders.length === 1 ? `${say('title')}-${orders[0]!.orderNo}` : say('title');
      return sendFile(reply, 'application/pdf', `${name}.pdf`, pdf);
    },
  );

  app.post(
    `${BASE}/label`,
    { config: { permission: `${ROUTE}.ship` }, schema: { tags, body: idParam } },
    async (request, reply) => {
      const order = await db.transaction((tx) => buyLabel(tx, actorOf(request), request.body.id));
      const [packed] = await packedOrders(db, request.auth!.merchantId, [order.id]);
      const lang = requestLanguage(request);
      const pdf = await shippingLabel(packed!, {
        carrier: order.labelCarrier,
        trackingNo: order.labelTrackingNo,
        from: render(lang, message('marketplace-order:slip.labelFrom')),
        sandbox: render(lang, message('marketplace-order:slip.labelSandbox')),
      });
      return sendFile(
        reply,
        'application/pdf',
        `${order.labelCarrier}-${order.labelTrackingNo}.pdf`,
        pdf,
      );
    },
  );
};
