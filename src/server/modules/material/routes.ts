import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { materials } from '../../db/schema/material';
import { forbidden } from '../../errors';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';
import { createStorage } from '../../storage/create-storage';
import { UPLOAD_ROUTES } from '../upload/routes';
import { registerUploadSweep } from './sweep';

const picked = z.object({
  id: z.number(),
  url: z.string(),
  name: z.string(),
  folder: z.string(),
  size: z.number(),
});

/**
 * The library as an image field's picker sees it: allowed wherever an image may be uploaded (a
 * product's form picks without the right to manage the library), newest first, searched by name
 * or folder, one folder at a time.
 */
export const materialRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;
  registerUploadSweep(app, context, createStorage(context.config));
  app.post(
    '/admin/material/pick',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['material'],
        body: z.object({
          keyword: z.string().trim().max(100).default(''),
          folder: z.string().trim().max(20).optional(),
          page: z.number().int().min(1).max(500).default(1),
        }),
        response: {
          200: envelopeOf(
            z.object({ items: z.array(picked), folders: z.array(z.string()), more: z.boolean() }),
          ),
        },
      },
    },
    async (request) => {
      const auth = request.auth!;
      if (!UPLOAD_ROUTES.some((name) => can(auth, name))) throw forbidden();
      const { keyword, folder, page } = request.body;
      const where: (SQL | undefined)[] = [eq(materials.merchantId, auth.merchantId)];
      if (keyword)
        where.push(
          or(ilike(materials.name, `%${keyword}%`), ilike(materials.folder, `%${keyword}%`)),
        );
      if (folder !== undefined) where.push(eq(materials.folder, folder));
      const size = 24;
      const rows = await db
        .select({
          id: materials.id,
          url: materials.url,
          name: materials.name,
          folder: materials.folder,
          size: materials.size,
        })
        .from(materials)
        .where(and(...where))
        .orderBy(desc(materials.createdAt), desc(materials.id))
        .limit(size + 1)
        .offset((page - 1) * size);
      const folders = await db
        .selectDistinct({ folder: materials.folder })
        .from(materials)
        .where(eq(materials.merchantId, auth.merchantId))
        .orderBy(materials.folder)
        .limit(100);
      return ok({
        items: rows.slice(0, size),
        folders: folders.map((f) => f.folder).filter(Boolean),
        more: rows.length > size,
      });
    },
  );
};

export default materialRoutes;
