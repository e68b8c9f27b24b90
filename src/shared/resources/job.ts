import { JOB_STATES } from '../jobs';
import { datetime, defineResource, enumOf, integer, longText, text } from '../resource';

/**
 * /job-list: the merchant's background work on the job queue (feeds sent to the marketplace,
 * order time-outs, receipts to print, recharge checks…), where it stands and why it failed: the
 * dead-letter view. A failed job is tried again from the start or discarded; one queued or
 * running is left to the queue. The jobs themselves belong to the areas that queue them.
 */
export const job = defineResource({
  name: 'job',
  route: 'job-list',
  titles: {
    zh: { title: '后台任务' },
    en: { title: 'Background jobs' },
  },
  table: 'jobs',
  menu: { group: '/system', icon: 'ScheduleOutlined', order: 1 },
  fields: {
    /** The job's code; its list cell and detail show `label`. */
    name: text({ readOnly: true, list: 180 }),
    /** The job as the merchant reads it, in the request's language (its `name` when unknown). */
    label: text({ readOnly: true, computed: true }),
    subject: text({ readOnly: true, computed: true, list: 200 }),
    state: enumOf(JOB_STATES, { readOnly: true, list: 90, filter: 'select' }),
    attempts: integer({ readOnly: true, list: 80 }),
    maxAttempts: integer({ readOnly: true }),
    error: longText({ readOnly: true, nullable: true, list: 280 }),
    runAt: datetime({ readOnly: true, list: 160 }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true, filter: 'range' }),
    finishedAt: datetime({ readOnly: true, list: 160 }),
  },
  titleField: 'name',
  keyword: ['name', 'error'],
  actions: ['list', 'detail', 'delete', 'export'],
  defaultSort: 'createdAt',
  transitions: { retry: { from: ['failed'], to: 'queued', field: 'state' } },
});

export default job;
