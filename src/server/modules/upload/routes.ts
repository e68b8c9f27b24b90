import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import { shopOrderRef } from '../../../shared/product-order';
import { fieldEntries, screenRoutes } from '../../../shared/resource';
import { UPLOADED_IMAGE } from '../../../shared/resource-schema';
import { resources } from '../../../shared/resources';
import { ARTICLE_TYPE_ROUTES } from '../../../shared/routes';
import type { AppContext } from '../../context';
import { materials } from '../../db/schema/material';
import { AppError, fieldError, forbidden, notFound } from '../../errors';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { IMAGE_TYPES, keyFor, sizeText } from '../../kit/uploads';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';
import { createStorage } from '../../storage/create-storage';
import { reviewPhotosOf } from '../product-order/review-photos';
import { ordersOf } from '../product-order/service';

const CONTENT_TYPES = Object.fromEntries(
  Object.entries(IMAGE_TYPES).map(([type, ext]) => [ext, type]),
);

/**
 * Screens that upload images: an account may upload (and pick from the material library) when it
 * may open one of them: every screen of an area with an image or rich-text field, and the library.
 */
export const UPLOAD_ROUTES = [
  ...new Set([
    ...ARTICLE_TYPE_ROUTES.map((r) => r.name),
    'website-setting',
    'service-help',
    'permission-account',
    ...resources
      .filter((r) =>
        fieldEntries(r).some(
          ([, f]) => !f.readOnly && ['image', 'images', 'richText'].includes(f.kind),
        ),
      )
      .flatMap(screenRoutes),
    'material',
  ]),
];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A name PostgreSQL can keep as text: no NUL byte, no lone UTF-16 surrogate. */
function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** A file's name as a message says it: without control characters, at most 60 characters. */
function shownName(filename: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it drops.
  const name = filename.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name.length > 60 ? `${name.slice(0, 57)}…` : name || '?';
}

export const uploadRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, config } = context;
  const storage = createStorage(config);
  const orders = ordersOf(context);
  const photos = reviewPhotosOf(db);

  /**
   * An uploaded file's bytes, when they are an image of a kept type within the size limit; a
   * refusal names the file, so that one of several chosen at once is found.
   */
  async function imageOf(file: MultipartFile) {
    const name = shownName(file.filename);
    let buffer: Buffer;
    try {
      buffer = await file.toBuffer();
    } catch {
      throw new AppError(
        ResultCode.PAYLOAD_TOO_LARGE,
        message('upload.tooLarge', { name, size: sizeText(config.UPLOAD_MAX_BYTES) }),
      );
    }
    if (buffer.length === 0) throw fieldError('file', message('upload.empty', { name }));
    if (!isStorableText(file.filename)) throw fieldError('file', message('upload.badName'));
    const detected = await fileTypeFromBuffer(buffer);
    const ext = detected ? IMAGE_TYPES[detected.mime] : undefined;
    if (!detected || !ext) throw fieldError('file', message('upload.imageType', { name }));
    return { buffer, mime: detected.mime, ext };
  }
  /**
   * The request's first file: a body the multipart parser cannot read (cut short, a part without
   * its headers' end) is the sender's fault, said with 400, not a 500; the parser's own limits
   * (413) stay as they are.
   */
  async function firstFile(request: FastifyRequest) {
    try {
      return await request.file();
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) throw error;
      request.log.info({ err: error }, 'unreadable multipart body');
      throw fieldError('file', message('upload.malformed'));
    }
  }

  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });

  app.post(
    '/admin/upload',
    {
      config: { access: 'signed-in' },
      schema: {
        response: {
          200: envelopeOf(z.object({ url: z.string(), size: z.number(), type: z.string() })),
        },
      },
    },
    async (request) => {
      const auth = request.auth!;
      if (!UPLOAD_ROUTES.some((name) => can(auth, name))) throw forbidden();
      if (!request.isMultipart()) throw fieldError('file', message('upload.multipart'));
      const file = await firstFile(request);
      if (!file) throw fieldError('file', message('upload.noFile'));
      const { buffer, mime, ext } = await imageOf(file);

      const key = keyFor(auth.merchantId, ext);
      const url = `/uploads/${key}`;
      // The file first, then its rows in a short transaction: a failed write leaves nothing, a
      // failed commit removes the file, and no connection waits on the store (S3 may take seconds).
      await storage.put(key, buffer, mime);
      try {
        await db.transaction(async (tx) => {
          await recordOperation(tx, actorOf(request), {
            action: 'upload.create',
            targetType: 'file',
            targetId: url,
            detail: { name: file.filename.slice(0, 200), size: buffer.length, type: mime },
          });
          // Every uploaded image joins the material library, where any image field can pick it.
          await tx.insert(materials).values({
            merchantId: auth.merchantId,
            url,
            name: file.filename.slice(0, 100) || url.split('/').pop()!,
            size: buffer.length,
            mime,
          });
        });
      } catch (err) {
        await storage.delete(key).catch(() => {});
        throw err;
      }
      return ok({ url, size: buffer.length, type: mime });
    },
  );

  /**
   * A customer's photo for the evaluation of their own order (public, like the rest of the
   * storefront's API): only while the order is completed and not yet rated, found by its number
   * and the customer's token, given in the form's fields before the file; at most
   * EVALUATION_PHOTOS_MAX per order. Kept under the merchant's uploads, not in its material
   * library, with a row of review_photos: what the evaluation does not show is let go.
   */
  app.post(
    '/open/shop/:merchantId/order/photo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shop'],
        params: z.object({ merchantId: z.coerce.number().int().positive() }),
        response: { 200: envelopeOf(z.object({ url: z.string() })) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw fieldError('file', message('upload.multipart'));
      const file = await firstFile(request);
      if (!file) throw fieldError('file', message('upload.noFile'));
      const field = (name: string) => {
        const part = file.fields[name];
        return part && !Array.isArray(part) && part.type === 'field' ? String(part.value) : '';
      };
      const ref = shopOrderRef.safeParse({ token: field('token'), orderNo: field('orderNo') });
      if (!ref.success) throw notFound(message('product-order:noun'));
      const { merchantId } = request.params;
      const order = orders.rateable(
        await orders.mine(merchantId, ref.data.token, ref.data.orderNo),
      );
      // A handful per order: refused before its file is read once the order has them all.
      await photos.roomFor(order);
      const { buffer, mime, ext } = await imageOf(file);
      const key = keyFor(merchantId, ext);
      const url = `/uploads/${key}`;
      // Its row first (counted under the order's lock), then its file; no file without a row.
      await photos.reserve(order, url);
      try {
        await storage.put(key, buffer, mime);
      } catch (err) {
        await photos.release(url).catch(() => {});
        throw err;
      }
      return ok({ url });
    },
  );

  // Uploaded images are public (they appear on the merchant's site) and served inertly.
  app.get('/uploads/*', { config: { access: 'public' } }, async (request, reply) => {
    const match = UPLOADED_IMAGE.exec(request.url.split('?')[0] ?? '');
    if (!match) throw notFound(message('record.noun.file'));
    const [, merchant, month, name] = match as unknown as [string, string, string, string];
    const file = await storage.get(`${merchant}/${month}/${name}`);
    if (!file) throw notFound(message('record.noun.file'));
    return reply
      .header(
        'content-type',
        CONTENT_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream',
      )
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(file.stream);
  });
};

export default uploadRoutes;
