import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { secondHandHouses } from '../../db/schema/second-hand-house';
import { envelopeOf, ok } from '../../plugins/envelope';

/** The place a listing is: its community, building, unit and floor, and its area. */
const placeBody = z
  .object({
    id: z.number().int().positive().optional(),
    community: z.string().trim().min(1).max(40),
    building: z.string().trim().max(10).default(''),
    unit: z.string().trim().max(10).default(''),
    floor: z.coerce.number().int().min(-5).max(200),
    area: z.string().regex(/^\d{1,8}(\.\d{1,2})?$/),
  })
  .strict();
const duplicate = z.object({ id: z.number(), title: z.string(), status: z.string() });

/**
 * Beside the derived calls of /second-hand-house: the merchant's other listings of the same place
 * (community, building, unit, floor and area), which the form warns about before saving; one
 * home listed twice shows the buyer the same flat at two prices.
 */
export const secondHandHouseRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/admin/second-hand-house/duplicates',
    {
      config: { permission: 'second-hand-house' },
      schema: {
        tags: ['second-hand-house'],
        body: placeBody,
        response: { 200: envelopeOf(z.array(duplicate)) },
      },
    },
    async (request) => {
      const place = request.body;
      const where: SQL[] = [
        eq(secondHandHouses.merchantId, request.auth!.merchantId),
        eq(secondHandHouses.community, place.community),
        eq(secondHandHouses.building, place.building),
        eq(secondHandHouses.unit, place.unit),
        eq(secondHandHouses.floor, place.floor),
        eq(secondHandHouses.area, place.area),
      ];
      if (place.id) where.push(ne(secondHandHouses.id, place.id));
      const rows = await db
        .select({
          id: secondHandHouses.id,
          title: secondHandHouses.title,
          status: secondHandHouses.status,
        })
        .from(secondHandHouses)
        .where(and(...where))
        .limit(5);
      return ok(rows);
    },
  );
};

export default secondHandHouseRoutes;
