import { z } from 'zod';
import { idsParam, listParams, listResult, optionalText } from './list';

export const helpFields = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'At most 200 characters'),
  body: z.string().max(200_000, 'The body is too long').default(''),
  sortOrder: z.coerce.number().int().min(0).max(999_999).default(0),
  published: z.boolean().default(true),
});
export type HelpFields = z.input<typeof helpFields>;
export const helpUpdate = helpFields.extend({ id: z.coerce.number().int().positive() });
export const helpDelete = idsParam;

export const helpArticle = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  sortOrder: z.number(),
  published: z.boolean(),
  updatedAt: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticle>;

export const helpListParams = listParams(
  { keyword: optionalText(100), published: z.boolean().optional() },
  ['sortOrder', 'updatedAt'] as const,
  'sortOrder',
);
export const helpListResult = listResult(helpArticle);
