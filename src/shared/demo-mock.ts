import { z } from 'zod';

/**
 * The template's mock API (spec §7 "Demo mock endpoints"), served by our server under its own
 * paths for the template demos. Not product behaviour: success is code 20000, not 200.
 */
export const MOCK_PREFIX = '/vue-element-admin';
export const MOCK_OK = 20000;
/** Spec §8: the mock login's and the mock info's errors. */
export const MOCK_BAD_LOGIN = { code: 60204, message: 'Account and password are incorrect.' };
export const MOCK_NO_INFO = { code: 50008, message: 'Login failed, unable to get user details.' };

export const MOCK_ARTICLE_TYPES = ['CN', 'US', 'JP', 'EU'] as const;
export const MOCK_ARTICLE_STATUSES = ['published', 'draft'] as const;
/** Spec §9: the mock's page size and its number of articles. */
export const MOCK_PAGE_SIZE = 20;
export const MOCK_ARTICLE_COUNT = 100;

/** Spec §3 "Mock demo article", every field. */
export const mockArticle = z.object({
  id: z.number().int(),
  timestamp: z.number().int(),
  author: z.string(),
  reviewer: z.string(),
  title: z.string(),
  content_short: z.string(),
  content: z.string(),
  forecast: z.number(),
  importance: z.number().int().min(1).max(3),
  type: z.enum(MOCK_ARTICLE_TYPES),
  status: z.enum(MOCK_ARTICLE_STATUSES),
  display_time: z.string(),
  comment_disabled: z.boolean(),
  pageviews: z.number().int(),
  image_uri: z.string(),
  platforms: z.array(z.string()),
});
export type MockArticle = z.infer<typeof mockArticle>;

/** What a create or an update sends: the article's fields, all but the id optional on update. */
export const mockArticleInput = z.object({
  id: z.coerce.number().int().positive().optional(),
  timestamp: z.number().int().nonnegative().optional(),
  author: z.string().trim().max(50).optional(),
  reviewer: z.string().trim().max(50).optional(),
  title: z.string().trim().min(1).max(100),
  content_short: z.string().max(200).optional(),
  content: z.string().max(20_000).optional(),
  forecast: z.number().min(0).max(100).optional(),
  importance: z.number().int().min(1).max(3).optional(),
  type: z.enum(MOCK_ARTICLE_TYPES).optional(),
  status: z.enum(MOCK_ARTICLE_STATUSES).optional(),
  display_time: z.string().max(30).optional(),
  comment_disabled: z.boolean().optional(),
  pageviews: z.number().int().nonnegative().optional(),
  image_uri: z.string().max(500).optional(),
  platforms: z.array(z.string().max(30)).max(10).optional(),
});
export type MockArticleInput = z.infer<typeof mockArticleInput>;

export const mockArticleQuery = z.object({
  importance: z.coerce.number().int().min(1).max(3).optional(),
  type: z.enum(MOCK_ARTICLE_TYPES).optional(),
  title: z.string().max(100).optional(),
  page: z.coerce.number().int().positive().max(100_000).default(1),
  limit: z.coerce.number().int().positive().max(100).default(MOCK_PAGE_SIZE),
  sort: z.enum(['+id', '-id']).default('+id'),
});
export type MockArticleQuery = Partial<z.output<typeof mockArticleQuery>>;

/** A route as a mock role lists it: the route table's path, name, title and children. */
export interface MockRoute {
  path: string;
  name?: string;
  meta?: { title: string };
  children?: MockRoute[];
}
export const mockRoute: z.ZodType<MockRoute, MockRoute> = z.object({
  path: z.string().min(1).max(200),
  name: z.string().max(100).optional(),
  meta: z.object({ title: z.string().max(100) }).optional(),
  get children() {
    return z.array(mockRoute).max(200).optional();
  },
});

/** Spec §3 "Mock role". */
export const mockRole = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  routes: z.array(mockRoute),
});
export type MockRole = z.infer<typeof mockRole>;

export const mockRoleInput = z.object({
  name: z.string().trim().min(1).max(50),
  description: z.string().max(500).default(''),
  routes: z.array(mockRoute).max(200).default([]),
});
export type MockRoleInput = z.input<typeof mockRoleInput>;

export const MOCK_ROLES = ['admin', 'editor', 'visitor'] as const;
export type MockRoleKey = (typeof MOCK_ROLES)[number];

export const mockUserInfo = z.object({
  roles: z.array(z.string()),
  introduction: z.string(),
  avatar: z.string(),
  name: z.string(),
});

export const mockTransaction = z.object({
  order_no: z.string(),
  timestamp: z.number(),
  username: z.string(),
  price: z.number(),
  status: z.enum(['success', 'pending']),
});
