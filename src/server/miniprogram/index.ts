import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { deliverCallback } from '../kit/deliver-callback';
import type { JobQueue } from '../kit/jobs';
import type { MiniProgramPlatform } from './platform';
import { SandboxPlatform } from './sandbox';
import { sandboxPages } from './sandbox-page';

export type { MiniProgramPlatform, PlatformEvent, PlatformTask, TaskKind } from './platform';
export { InvalidCallback, PlatformRefused } from './platform';

/**
 * The platform MINIPROGRAM_PLATFORM names, with its pages and job handlers on `app`. The sandbox
 * delivers a callback for a path of this server in process (through the app's whole request
 * handling, signature check included), and one for an absolute URL over HTTP.
 */
export async function createMiniProgramPlatform(
  app: FastifyInstance,
  { db, jobs, config }: { db: Database; jobs: JobQueue; config: Config },
): Promise<MiniProgramPlatform> {
  const deliver = deliverCallback(app, config.MINIPROGRAM_NOTIFY_BASE);
  const sandbox = new SandboxPlatform({
    db,
    jobs,
    key: config.MINIPROGRAM_KEY,
    checkSeconds: config.MINIPROGRAM_SANDBOX_CHECK_SECONDS,
    confirmSeconds: config.MINIPROGRAM_SANDBOX_CONFIRM_SECONDS,
    reviewSeconds: config.MINIPROGRAM_SANDBOX_REVIEW_SECONDS,
    chaos: config.MINIPROGRAM_SANDBOX_CHAOS,
    deliver,
  });
  await sandboxPages(app, sandbox);
  return sandbox;
}
