/**
 * A background job's life on the queue (server/kit/jobs.ts): queued until due, running while a
 * worker holds it, then done, or failed once its attempts ran out (kept with its last error).
 */
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
