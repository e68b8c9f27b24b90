import { boolean, datetime, defineResource, integer, richText, text } from '../resource';

/** /service-help: the help centre's articles, which the top bar's help link shows to every account. */
export const help = defineResource({
  name: 'help',
  route: 'service-help',
  titles: {
    zh: { title: '帮助中心', edit: '编辑帮助' },
    en: { title: 'Help centre', edit: 'Edit help article' },
  },
  table: 'help_articles',
  menu: { group: '/setting', order: 2 },
  fields: {
    title: text({ required: true, max: 200, list: true }),
    body: richText(),
    sortOrder: integer({ max: 999_999, list: 100, sortable: true }),
    published: boolean({ default: true, list: 100, filter: 'select' }),
    updatedAt: datetime({ readOnly: true, list: 160, sortable: true }),
  },
  titleField: 'title',
  keyword: ['title'],
  actions: ['list', 'detail', 'create', 'update', 'delete'],
  defaultSort: 'sortOrder',
});

export default help;
