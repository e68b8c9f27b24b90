import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Envelope, type FieldError, ResultCode } from '../../shared/envelope';
import { AppError, httpStatusFor } from '../errors';

/** The success envelope around `data`. */
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: ResultCode.OK, msg, data };
}

/** Response schema of a success envelope: also strips any field `data` does not declare. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data });
}

/** Paths answered by the API (an unknown one gets an envelope, not the SPA). */
export function isApiPath(url: string): boolean {
  return /^\/(admin|open|docs|uploads)(\/|$|\?)/.test(url) || url.startsWith('/healthz');
}

function send(reply: FastifyReply, status: number, body: Envelope) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function fieldsFromValidation(error: FastifyError): FieldError[] {
  return (error.validation ?? []).map((v) => {
    const field = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty;
    return { field: field || missing || '', message: v.message ?? 'is invalid' };
  });
}

/**
 * Every answer, success or failure, is the envelope. User errors carry a clear message naming the
 * field; unknown errors are logged with the request ID and answered with a generic message only.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return send(reply, error.httpStatus, {
        code: error.code,
        msg: error.message,
        data: error.data,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const fields = fieldsFromValidation(error);
      const first = fields[0];
      const msg = first ? `${first.field || 'body'}: ${first.message}` : 'Invalid request';
      return send(reply, 400, { code: ResultCode.VALIDATION, msg, data: { fields } });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, {
        code: ResultCode.TOO_MANY_REQUESTS,
        msg: 'Too many requests, please slow down',
        data: null,
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) are safe to show.
      const code = status === 413 ? ResultCode.PAYLOAD_TOO_LARGE : status * 100;
      return send(reply, status, { code, msg: error.message, data: null });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return send(reply, 500, {
      code: ResultCode.INTERNAL,
      msg: `Internal error (reference ${request.id})`,
      data: null,
    });
  });
});

export function notFoundEnvelope(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, httpStatusFor(ResultCode.NOT_FOUND), {
    code: ResultCode.NOT_FOUND,
    msg: `Not found: ${request.method} ${request.url.split('?')[0]}`,
    data: null,
  });
}
