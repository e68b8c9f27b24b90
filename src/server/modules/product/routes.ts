import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { PRODUCT_SCHEDULE_JOB, runDueSales } from './schedule';

/** The products' own background work: 定时上架 / 定时下架 run on the job queue. */
export const productSchedule: FastifyPluginAsync<AppContext> = async (_app, { db, jobs }) => {
  jobs.register<{ merchantId: number }>(PRODUCT_SCHEDULE_JOB, (job) =>
    runDueSales(db, job.payload.merchantId),
  );
};

export default productSchedule;
