import { z } from 'zod';
import { type InputOf, resourceSchemas } from './resource-schema';
import { article } from './resources/article';

/**
 * A row of the data helper's article import: the resource's importable fields and the list it
 * goes into. (The import centre moves onto the resource's own import next; until then it reads
 * this.)
 */
export const articleFields = (resourceSchemas(article).importRow as unknown as z.ZodObject)
  .extend({ articleType: z.coerce.number().int().min(1).max(10) })
  .transform((row) => row as ArticleImportRow);

type ArticleImportRow = Required<Omit<InputOf<typeof article>, 'publishedAt'>> & {
  articleType: number;
};
