import { datetime, defineResource, enumOf, longText, text } from '../resource';

/**
 * A code version: uploaded (an experience version) → reviewing → approved / rejected; an approved
 * one is released; a rejected one may be submitted again. Uploading anew supersedes an uploaded
 * or rejected one; a release supersedes the one live before it, which a rollback brings back
 * (the rolled-back one is then `rolledBack`).
 */
export const VERSION_STATUSES = [
  'uploaded',
  'reviewing',
  'approved',
  'rejected',
  'released',
  'superseded',
  'rolledBack',
] as const;
/** The platform's code templates a version is made from, newest first. */
export const TEMPLATES = [
  { id: 'T1003', version: '1.3.0' },
  { id: 'T1002', version: '1.2.1' },
  { id: 'T1001', version: '1.1.0' },
] as const;

export const TEMPLATE_IDS = TEMPLATES.map((t) => t.id) as unknown as readonly [string, ...string[]];

/**
 * /mini-program-publish: the mini-program's code versions, each from one of the platform's
 * templates: uploaded (with an experience QR code) → submitted for review → approved or rejected
 * with the reviewer's reason → released (charged to the balance), and rolled back to the one
 * before. The calls that move a version are the area's own (server/modules/mini-program).
 */
export const miniProgramVersion = defineResource({
  name: 'mini-program-version',
  route: 'mini-program-publish',
  titles: {
    zh: { title: '小程序发布', edit: '版本' },
    en: { title: 'Mini-program publishing', edit: 'Version' },
  },
  table: 'mini_program_versions',
  menu: { group: '/mini-program', icon: 'CloudUploadOutlined', order: 0 },
  fields: {
    version: text({ readOnly: true, list: true }),
    templateId: enumOf(TEMPLATE_IDS, { readOnly: true, list: 100, filter: 'select' }),
    description: longText({ readOnly: true, list: 200 }),
    status: enumOf(VERSION_STATUSES, { readOnly: true, list: 110, filter: 'select' }),
    reason: longText({ readOnly: true, list: 200 }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true }),
    submittedAt: datetime({ readOnly: true }),
    releasedAt: datetime({ readOnly: true, list: 160 }),
  },
  titleField: 'version',
  keyword: ['version', 'description'],
  actions: ['list', 'detail'],
  defaultSort: 'createdAt',
});

export default miniProgramVersion;
