import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profile } from '../../../shared/auth';
import type { AppContext } from '../../context';
import { envelopeOf, ok } from '../../plugins/envelope';
import { getProfile } from './service';

export const userRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/admin/user/detail',
    {
      config: { access: 'signed-in' },
      schema: {
        body: z.object({}).passthrough().nullish(),
        response: { 200: envelopeOf(profile) },
      },
    },
    async (request) => ok(await getProfile(db, request.auth!)),
  );
};
