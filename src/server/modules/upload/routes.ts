import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import { ARTICLE_TYPE_ROUTES } from '../../../shared/routes';
import type { AppContext } from '../../context';
import { AppError, fieldError, forbidden } from '../../errors';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';
import { actorOf, recordOperation } from '../system/operation-log';

/** Image types accepted, by their content (never by name or declared type). SVG is refused: it can carry script. */
const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const CONTENT_TYPES = Object.fromEntries(
  Object.entries(IMAGE_TYPES).map(([type, ext]) => [ext, type]),
);

/** Screens that upload images: an account may upload when it may open one of them. */
export const UPLOAD_ROUTES = [
  ...ARTICLE_TYPE_ROUTES.map((r) => r.name),
  'website-setting',
  'service-help',
  'permission-account',
];

const SAFE_PATH = /^\/uploads\/(\d+)\/(\d{4}-\d{2})\/([a-f0-9]{32}\.(?:jpg|png|gif|webp))$/;

export const uploadRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
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
      if (!request.isMultipart()) throw fieldError('file', 'Send the file as multipart/form-data');
      const file = await request.file();
      if (!file) throw fieldError('file', 'No file was sent');
      let buffer: Buffer;
      try {
        buffer = await file.toBuffer();
      } catch {
        throw new AppError(
          ResultCode.PAYLOAD_TOO_LARGE,
          `The file is larger than ${(config.UPLOAD_MAX_BYTES / 1024 / 1024).toFixed(1)} MiB`,
        );
      }
      if (buffer.length === 0) throw fieldError('file', 'The file is empty');
      const detected = await fileTypeFromBuffer(buffer);
      const ext = detected ? IMAGE_TYPES[detected.mime] : undefined;
      if (!detected || !ext)
        throw fieldError('file', 'Only JPEG, PNG, GIF and WebP images are accepted');

      const month = new Date().toISOString().slice(0, 7);
      const name = `${randomBytes(16).toString('hex')}.${ext}`;
      const folder = path.join(config.UPLOAD_DIR, String(auth.merchantId), month);
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, name), buffer, { flag: 'wx' });
      const url = `/uploads/${auth.merchantId}/${month}/${name}`;
      await recordOperation(db, actorOf(request), {
        action: 'upload.create',
        targetType: 'file',
        targetId: url,
        detail: { name: file.filename.slice(0, 200), size: buffer.length, type: detected.mime },
      });
      return ok({ url, size: buffer.length, type: detected.mime });
    },
  );

  // Uploaded images are public (they appear on the merchant's site) and served inertly.
  app.get('/uploads/*', { config: { access: 'public' } }, async (request, reply) => {
    const match = SAFE_PATH.exec(request.url.split('?')[0] ?? '');
    if (!match) throw new AppError(ResultCode.NOT_FOUND, 'File not found');
    const [, merchant, month, name] = match as unknown as [string, string, string, string];
    const file = path.join(config.UPLOAD_DIR, merchant, month, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new AppError(ResultCode.NOT_FOUND, 'File not found');
    return reply
      .header(
        'content-type',
        CONTENT_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream',
      )
      .header('content-length', info.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(createReadStream(file));
  });
};

export default uploadRoutes;
