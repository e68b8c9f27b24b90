import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { qrPng } from '../../kit/qr-codes';
import { PlatformRefused } from '../../miniprogram';
import { can } from '../../plugins/auth';

/**
 * What the mini-program's calls answer and refuse with, shared by its modules (mini-program,
 * mini-program-registration, mini-program-info, mini-program-version).
 */
export const conflict = (key: Parameters<typeof message>[0], params?: Record<string, string>) =>
  new AppError(ResultCode.CONFLICT, message(key, params));

/** The platform's refusal, said as a conflict with its reason; any other error as it is. */
export const refused = (error: unknown): never => {
  if (error instanceof PlatformRefused)
    throw conflict('mini-program-version:errors.refused', { reason: error.message });
  throw error;
};

/** The first of the routes the account may open (or the first, to be refused by it). */
export const anyOf = (routes: string[]) => (request: FastifyRequest) =>
  routes.find((route) => can(request.auth, route)) ?? routes[0]!;

export const idResult = z.object({ id: z.number() });
export const qrResult = z.object({ url: z.string(), png: z.string(), filename: z.string() });

/** A QR code of an address, as a data URL, with the file name it is saved under. */
export const qrOf = async (url: string, filename: string) => ({
  url,
  png: `data:image/png;base64,${(await qrPng(url)).toString('base64')}`,
  filename,
});

/** An address of this server's as the outside reaches it (PUBLIC_URL, else the request's). */
export function absoluteUrl(config: AppContext['config']) {
  const originOf = (request: FastifyRequest) =>
    config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
  return (request: FastifyRequest, path: string) =>
    /^https?:\/\//.test(path) ? path : `${originOf(request).replace(/\/+$/, '')}${path}`;
}
