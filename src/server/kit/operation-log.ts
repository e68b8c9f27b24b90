import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { operationLogs } from '../db/schema/operation-log';

export interface Actor {
  merchantId: number;
  adminId: number | null;
  adminName: string;
  ip: string;
}

export interface Operation {
  /** `<area>.<verb>`, e.g. `auth.login`, `article.update`. */
  action: string;
  targetType?: string;
  targetId?: string | number;
  /** What changed, e.g. `{ title: ['old', 'new'] }`; never secrets. */
  detail?: Record<string, unknown>;
}

/** The signed-in administrator behind a request. */
export function actorOf(request: FastifyRequest): Actor {
  const auth = request.auth;
  if (!auth) throw new Error('actorOf() needs a signed-in request');
  return {
    merchantId: auth.merchantId,
    adminId: auth.adminId,
    adminName: auth.name,
    ip: request.ip,
  };
}

/** Writes one operation-log row; call it with the transaction that makes the change. */
export async function recordOperation(ex: Executor, actor: Actor, op: Operation): Promise<void> {
  await ex.insert(operationLogs).values({
    merchantId: actor.merchantId,
    adminId: actor.adminId,
    adminName: actor.adminName,
    action: op.action,
    targetType: op.targetType ?? '',
    targetId: op.targetId === undefined ? '' : String(op.targetId),
    detail: op.detail ?? null,
    ip: actor.ip,
  });
}
