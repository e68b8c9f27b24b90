import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Envelope, type FieldError, ResultCode } from '../../shared/envelope';
import { type Message, type MessageLanguage, message, messageOfIssue } from '../../shared/messages';
import { AppError, type FieldProblem, httpStatusFor } from '../errors';
import { render, requestLanguage } from '../messages';

/** The success envelope around `data`. */
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: ResultCode.OK, msg, data };
}

/** Response schema of a success envelope: also strips any field `data` does not declare. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data });
}

/**
 * Paths answered by the API (an unknown one gets an envelope, not the SPA); `vue-element-admin`
 * is the template demos' mock API (modules/demo-mock).
 */
export function isApiPath(url: string): boolean {
  return (
    /^\/(admin|open|docs|uploads|vue-element-admin)(\/|$|\?)/.test(url) ||
    url.startsWith('/healthz')
  );
}

function send(reply: FastifyReply, status: number, body: Envelope) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** A schema's findings as field problems: zod's issues carry their message id and bounds. */
function fieldsFromValidation(error: FastifyError): FieldProblem[] {
  return (error.validation ?? []).map((v) => {
    const field = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const params = (v.params ?? {}) as Record<string, unknown> & { missingProperty?: string };
    return {
      field: field || params.missingProperty || '',
      message: messageOfIssue({ ...params, code: v.keyword, message: v.message }),
    };
  });
}

/** `data.fields` with their messages in the request's language. */
function renderData(data: unknown, language: MessageLanguage): unknown {
  const fields = (data as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return data;
  return {
    ...(data as object),
    fields: fields.map(
      (f: FieldProblem | FieldError): FieldError =>
        typeof f.message === 'string'
          ? (f as FieldError)
          : { field: f.field, message: render(language, f.message) },
    ),
  };
}

/**
 * Every answer, success or failure, is the envelope. User errors carry a clear message naming the
 * field; unknown errors are logged with the request ID and answered with a generic message only.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = requestLanguage(request);
    const say = (m: Message) => render(language, m);
    if (error instanceof AppError) {
      return send(reply, error.httpStatus, {
        code: error.code,
        msg: say(error.text),
        data: renderData(error.data, language),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const fields = fieldsFromValidation(error);
      const first = fields[0];
      // The first problem; `data.fields` names each field.
      const msg = say(first ? first.message : message('request.invalid'));
      return send(reply, 400, {
        code: ResultCode.VALIDATION,
        msg,
        data: renderData({ fields }, language),
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, {
        code: ResultCode.TOO_MANY_REQUESTS,
        msg: say(message('request.tooMany')),
        data: null,
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) are safe to show.
      const code = status === 413 ? ResultCode.PAYLOAD_TOO_LARGE : status * 100;
      const msg = say(
        status === 413
          ? message('request.tooLarge')
          : message('request.rejected', { detail: error.message }),
      );
      return send(reply, status, { code, msg, data: null });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return send(reply, 500, {
      code: ResultCode.INTERNAL,
      msg: say(message('request.internal', { reference: request.id })),
      data: null,
    });
  });
});

export function notFoundEnvelope(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, httpStatusFor(ResultCode.NOT_FOUND), {
    code: ResultCode.NOT_FOUND,
    msg: render(
      requestLanguage(request),
      message('request.noRoute', { method: request.method, path: request.url.split('?')[0]! }),
    ),
    data: null,
  });
}
