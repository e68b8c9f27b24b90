import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { message } from '../../shared/messages';
import { fieldError } from '../errors';

/** A multipart type's boundary parameter as RFC 2046 has it: 1 to 70 characters, maybe quoted. */
const BOUNDARY = /;\s*boundary\s*=\s*(?:"[^"]{1,70}"|[^\s;"]{1,70})\s*(?:;|$)/i;

/** Whether a content type is multipart but names no usable boundary to split its body by. */
export function lacksBoundary(contentType: string | undefined): boolean {
  return !!contentType && /^\s*multipart\//i.test(contentType) && !BOUNDARY.test(contentType);
}

/**
 * A multipart body without its boundary is refused with 400 in the envelope before a route reads
 * it: the parser (busboy) throws on it as the route asks for the file, which answered 500 on the
 * uploads and the storefront's photo upload, and "too large" on the imports. Runs after the
 * sign-in check, so a stranger is told only that it must sign in.
 */
export const multipartBoundaryPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      if (lacksBoundary(request.headers['content-type']))
        throw fieldError('file', message('upload.boundary'));
    });
  },
  { name: 'multipart-boundary' },
);
