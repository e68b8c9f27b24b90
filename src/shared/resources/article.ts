import {
  datetime,
  defineResource,
  enumOf,
  image,
  integer,
  longText,
  richText,
  text,
} from '../resource';

/** The ten article lists of spec §2: one resource, each type its own screen and permission. */
const TYPES = [
  { route: 'article-news', value: 1 },
  { route: 'article-introduce', value: 2 },
  { route: 'article-activity', value: 3 },
  { route: 'article-meeting', value: 4 },
  { route: 'article-about-us', value: 5 },
  { route: 'article-cases', value: 6 },
  { route: 'article-expert', value: 7 },
  { route: 'article-students', value: 8 },
  { route: 'compliance-train', value: 9 },
  { route: 'compliance-observe', value: 10 },
] as const;

/** /article-news … /compliance-observe and their add/edit page /article-store/:article_type. */
export const article = defineResource({
  name: 'article',
  route: 'article-news',
  titles: {
    zh: {
      title: '文章',
      edit: '编辑文章',
      screens: {
        'article-news': '新闻资讯',
        'article-introduce': '公司介绍',
        'article-activity': '活动公告',
        'article-meeting': '会议信息',
        'article-about-us': '关于我们',
        'article-cases': '成功案例',
        'article-expert': '专家团队',
        'article-students': '合规师考试',
        'compliance-train': '合规培训',
        'compliance-observe': '合规观察',
      },
    },
    en: {
      title: 'Articles',
      edit: 'Edit article',
      screens: {
        'article-news': 'News',
        'article-introduce': 'Introduction',
        'article-activity': 'Activities',
        'article-meeting': 'Meetings',
        'article-about-us': 'About us',
        'article-cases': 'Cases',
        'article-expert': 'Experts',
        'article-students': 'Compliance officer exam',
        'compliance-train': 'Compliance training',
        'compliance-observe': 'Compliance observation',
      },
    },
  },
  table: 'articles',
  menu: { group: '/article', order: 0 },
  fields: {
    articleType: integer({ form: false, list: false, detail: false, export: false, import: false }),
    title: text({ required: true, max: 200, list: true, sortable: true }),
    coverUrl: image({ list: 88 }),
    summary: longText({ max: 500 }),
    body: richText({ max: 500_000 }),
    author: text({ max: 64, list: 120 }),
    sortOrder: integer({ max: 999_999, list: 90, sortable: true }),
    status: enumOf(['draft', 'published'], { default: 'draft', list: 100, filter: 'select' }),
    /** When it shows as published; the moment it is first published unless given. */
    publishedAt: datetime({ list: 170, sortable: true }),
    views: integer({ readOnly: true, list: 100, sortable: true }),
    createdAt: datetime({ readOnly: true, list: 170, sortable: true, filter: 'range' }),
    updatedAt: datetime({ readOnly: true, detail: false, export: false }),
  },
  titleField: 'title',
  keyword: ['title'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export', 'import'],
  defaultSort: 'createdAt',
  transitions: {
    publish: { from: ['draft'], to: 'published' },
    unpublish: { from: ['published'], to: 'draft' },
  },
  variants: { field: 'articleType', param: 'article_type', screens: TYPES },
  page: { route: 'article-store' },
});

export default article;
