import { z } from 'zod';
import { dateRange, idsParam, listParams, listResult, optionalText } from './list';

export const ARTICLE_STATUSES = ['published', 'draft'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const articleType = z.coerce
  .number({ error: 'Choose an article type' })
  .int()
  .min(1, 'Unknown article type')
  .max(10, 'Unknown article type');

/** A cover or inline image: an uploaded file or an http(s) address. */
export const imageUrl = z
  .string()
  .trim()
  .max(500, 'At most 500 characters')
  .refine(
    (v) => v === '' || /^(https?:\/\/|\/uploads\/)/.test(v),
    'Use an uploaded image or an http(s) address',
  );

/** The fields an administrator writes (create and update). */
export const articleFields = z.object({
  articleType,
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'At most 200 characters'),
  coverUrl: imageUrl.default(''),
  summary: z.string().trim().max(500, 'At most 500 characters').default(''),
  /** HTML; the server sanitizes it before storing. */
  body: z.string().max(500_000, 'The body is too long').default(''),
  author: z.string().trim().max(64, 'At most 64 characters').default(''),
  sortOrder: z.coerce
    .number()
    .int('Whole numbers only')
    .min(0, 'At least 0')
    .max(999_999, 'At most 999999')
    .default(0),
  status: z.enum(ARTICLE_STATUSES).default('draft'),
  /** When it shows as published; defaults to the moment it is first published. */
  publishedAt: z.iso.datetime({ offset: true, error: 'Not a date and time' }).nullish(),
});
export type ArticleFields = z.input<typeof articleFields>;

export const articleCreate = articleFields;
export const articleUpdate = articleFields.extend({ id: z.coerce.number().int().positive() });
export const articleRef = z.object({ id: z.coerce.number().int().positive(), articleType });
export const articleDelete = idsParam.extend({ articleType });

export const article = z.object({
  id: z.number(),
  articleType: z.number(),
  title: z.string(),
  coverUrl: z.string(),
  summary: z.string(),
  body: z.string(),
  author: z.string(),
  sortOrder: z.number(),
  status: z.enum(ARTICLE_STATUSES),
  publishedAt: z.string().nullable(),
  views: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Article = z.infer<typeof article>;

/** A list row: everything but the body. */
export const articleListItem = article.omit({ body: true });
export type ArticleListItem = z.infer<typeof articleListItem>;

export const ARTICLE_SORTS = ['createdAt', 'publishedAt', 'sortOrder', 'views', 'title'] as const;

export const articleListParams = listParams(
  {
    articleType,
    title: optionalText(100),
    status: z.enum(ARTICLE_STATUSES).optional(),
    /** Created between (inclusive). */
    createdRange: dateRange,
    cursor: z.string().max(200).optional(),
  },
  ARTICLE_SORTS,
  'createdAt',
);
export type ArticleListParams = z.input<typeof articleListParams>;
export const articleListResult = listResult(articleListItem).extend({
  nextCursor: z.string().nullable(),
});
