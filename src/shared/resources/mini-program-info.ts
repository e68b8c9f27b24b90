import { datetime, defineResource, enumOf, image, longText, tags, text } from '../resource';

export const INFO_STATUSES = ['reviewing', 'approved', 'rejected'] as const;

/**
 * /xcxbase/info: the mini-program's basic info (name, avatar, introduction, service categories)
 * and every change of it. A change goes to the platform's review and takes effect once approved;
 * the screen shows the info live now above the changes (features/mini-program-info).
 */
export const miniProgramInfo = defineResource({
  name: 'mini-program-info',
  route: 'xcxbase/info',
  titles: {
    zh: { title: '基础信息', edit: '信息变更' },
    en: { title: 'Basic info', edit: 'Info change' },
  },
  table: 'mini_program_info_changes',
  menu: { group: '/mini-program', icon: 'IdcardOutlined', order: 3 },
  fields: {
    name: text({ readOnly: true, list: true }),
    avatar: image({ readOnly: true, list: 80 }),
    intro: longText({ readOnly: true, list: 220 }),
    categories: tags({ readOnly: true, list: 200 }),
    status: enumOf(INFO_STATUSES, { readOnly: true, list: 100, filter: 'select' }),
    reason: longText({ readOnly: true, list: 200 }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true }),
  },
  titleField: 'name',
  keyword: ['name'],
  actions: ['list', 'detail'],
  defaultSort: 'createdAt',
});

export default miniProgramInfo;
