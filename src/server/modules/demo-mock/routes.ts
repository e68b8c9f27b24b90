import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MOCK_BAD_LOGIN,
  MOCK_NO_INFO,
  MOCK_OK,
  MOCK_PREFIX,
  mockArticle,
  mockArticleInput,
  mockArticleQuery,
  mockRole,
  mockRoleInput,
  mockRoute,
  mockTransaction,
  mockUserInfo,
} from '../../../shared/demo-mock';
import type { AppContext } from '../../context';
import { createMockData } from './mock-data';

/** The mock's envelope: `data` on success (code 20000), `message` on its errors. */
const mockEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), message: z.string().optional(), data: data.optional() });
const okMock = <T>(data: T) => ({ code: MOCK_OK, data });
const NOT_FOUND = { code: 40400, message: 'Not found.' };

/**
 * The mock users of the template's login: a role's name signs in as that role. Maps, not
 * object literals, so a name like `__proto__` or `constructor` finds nobody.
 */
const TOKENS = new Map<string, string>([
  ['admin', 'admin-token'],
  ['editor', 'editor-token'],
  ['visitor', 'visitor-token'],
]);
const USERS = new Map<string, z.infer<typeof mockUserInfo>>(
  Object.entries({
    'admin-token': {
      roles: ['admin'],
      introduction: 'I am a super administrator',
      avatar: '',
      name: 'Super Admin',
    },
    'editor-token': {
      roles: ['editor'],
      introduction: 'I am an editor',
      avatar: '',
      name: 'Normal Editor',
    },
    'visitor-token': {
      roles: ['visitor'],
      introduction: 'I am a visitor',
      avatar: '',
      name: 'Visitor',
    },
  }),
);

/**
 * The template's mock API (spec §7) under its own paths, for the template demos. Each server
 * makes its data once (fixed seed) and keeps it in memory; nothing here touches the database.
 * The calls sit inside the signed-in app: each needs the session and the permission of the demo
 * screen that makes it (demos are the owner's: sub-accounts are never given them). Spec §8's
 * mock errors answer HTTP 200, as the template's mock did; the client shows them without ever
 * treating the mock's 50008 as the end of the real session.
 */
export const demoMockRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  const data = createMockData();
  const articles = { permission: 'example/list' };
  const roles = { permission: 'permission/role' };
  const users = { permission: 'permission/directive' };
  const tags = ['demo mock'];

  app.get(
    `${MOCK_PREFIX}/article/list`,
    {
      config: articles,
      schema: {
        tags,
        querystring: mockArticleQuery,
        response: {
          200: mockEnvelope(z.object({ total: z.number(), items: z.array(mockArticle) })),
        },
      },
    },
    async (request) => okMock(data.listArticles(request.query)),
  );
  app.get(
    `${MOCK_PREFIX}/article/detail`,
    {
      config: articles,
      schema: {
        tags,
        querystring: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: mockEnvelope(mockArticle), 404: mockEnvelope(z.null()) },
      },
    },
    async (request, reply) => {
      const article = data.article(request.query.id);
      return article ? okMock(article) : reply.code(404).send(NOT_FOUND);
    },
  );
  app.get(
    `${MOCK_PREFIX}/article/pv`,
    {
      config: articles,
      schema: {
        tags,
        querystring: z.object({ pv: z.string().max(50).optional() }),
        response: {
          200: mockEnvelope(
            z.object({ pvData: z.array(z.object({ key: z.string(), pv: z.number() })) }),
          ),
        },
      },
    },
    async () => okMock({ pvData: data.pageviews() }),
  );
  app.post(
    `${MOCK_PREFIX}/article/create`,
    {
      config: articles,
      schema: { tags, body: mockArticleInput, response: { 200: mockEnvelope(z.string()) } },
    },
    async (request) => {
      const { id: _ignored, ...input } = request.body;
      data.createArticle(input);
      return okMock('success');
    },
  );
  app.post(
    `${MOCK_PREFIX}/article/update`,
    {
      config: articles,
      schema: {
        tags,
        body: mockArticleInput.extend({ id: z.coerce.number().int().positive() }),
        response: { 200: mockEnvelope(z.string()), 404: mockEnvelope(z.null()) },
      },
    },
    async (request, reply) => {
      const { id, ...input } = request.body;
      return data.updateArticle(id, input) ? okMock('success') : reply.code(404).send(NOT_FOUND);
    },
  );

  app.get(
    `${MOCK_PREFIX}/routes`,
    { config: roles, schema: { tags, response: { 200: mockEnvelope(z.array(mockRoute)) } } },
    async () => okMock(data.routes),
  );
  app.get(
    `${MOCK_PREFIX}/roles`,
    { config: roles, schema: { tags, response: { 200: mockEnvelope(z.array(mockRole)) } } },
    async () => okMock(data.roles),
  );
  app.post(
    `${MOCK_PREFIX}/role`,
    {
      config: roles,
      schema: {
        tags,
        body: mockRoleInput,
        response: { 200: mockEnvelope(z.object({ key: z.string() })) },
      },
    },
    async (request) => okMock({ key: data.addRole(request.body) }),
  );
  const roleKey = z.object({ key: z.string().regex(/^[a-z0-9-]{1,40}$/) });
  const statusEnvelope = mockEnvelope(z.object({ status: z.literal('success') }));
  app.put(
    `${MOCK_PREFIX}/role/:key`,
    {
      config: roles,
      schema: {
        tags,
        params: roleKey,
        body: mockRoleInput,
        response: { 200: statusEnvelope, 404: mockEnvelope(z.null()) },
      },
    },
    async (request, reply) =>
      data.updateRole(request.params.key, request.body)
        ? okMock({ status: 'success' as const })
        : reply.code(404).send(NOT_FOUND),
  );
  app.delete(
    `${MOCK_PREFIX}/role/:key`,
    {
      config: roles,
      schema: {
        tags,
        params: roleKey,
        response: { 200: statusEnvelope, 404: mockEnvelope(z.null()) },
      },
    },
    async (request, reply) =>
      data.deleteRole(request.params.key)
        ? okMock({ status: 'success' as const })
        : reply.code(404).send(NOT_FOUND),
  );

  app.post(
    `${MOCK_PREFIX}/user/login`,
    {
      config: users,
      schema: {
        tags,
        body: z.object({ username: z.string().trim().max(50), password: z.string().max(100) }),
        response: { 200: mockEnvelope(z.object({ token: z.string() })) },
      },
    },
    async (request) => {
      const token = TOKENS.get(request.body.username);
      return token ? okMock({ token }) : MOCK_BAD_LOGIN;
    },
  );
  app.get(
    `${MOCK_PREFIX}/user/info`,
    {
      config: users,
      schema: {
        tags,
        querystring: z.object({ token: z.string().max(100).optional() }),
        response: { 200: mockEnvelope(mockUserInfo) },
      },
    },
    async (request) => {
      const info = USERS.get(request.query.token ?? '');
      return info ? okMock(info) : MOCK_NO_INFO;
    },
  );
  app.post(
    `${MOCK_PREFIX}/user/logout`,
    { config: users, schema: { tags, response: { 200: mockEnvelope(z.string()) } } },
    async () => okMock('success'),
  );
  app.get(
    `${MOCK_PREFIX}/search/user`,
    {
      config: users,
      schema: {
        tags,
        querystring: z.object({ name: z.string().max(50).default('') }),
        response: {
          200: mockEnvelope(z.object({ items: z.array(z.object({ name: z.string() })) })),
        },
      },
    },
    async (request) => okMock({ items: data.searchUsers(request.query.name) }),
  );
  app.get(
    `${MOCK_PREFIX}/transaction/list`,
    {
      config: users,
      schema: {
        tags,
        response: {
          200: mockEnvelope(z.object({ total: z.number(), items: z.array(mockTransaction) })),
        },
      },
    },
    async () => okMock({ total: data.transactions.length, items: data.transactions }),
  );
};

export default demoMockRoutes;
