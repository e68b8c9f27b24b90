import { TEMPLATE_IDS, VERSION_STATUSES } from '../mini-program';
import { datetime, defineResource, enumOf, longText, text } from '../resource';

/**
 * /mini-program-publish: the mini-program's code versions, each from one of the platform's
 * templates: uploaded (with an experience QR code) → submitted for review → approved or rejected
 * with the reviewer's reason → released (charged to the balance), and rolled back to the one
 * before. The calls that move a version are the area's own (server/modules/mini-program).
 */
export const miniProgramVersion = defineResource({
  name: 'mini-program-version',
  route: 'mini-program-publish',
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
