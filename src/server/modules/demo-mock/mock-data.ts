import {
  MOCK_ARTICLE_COUNT,
  MOCK_ARTICLE_STATUSES,
  MOCK_ARTICLE_TYPES,
  type MockArticle,
  type MockArticleInput,
  type MockArticleQuery,
  type MockRole,
  type MockRoleInput,
  type MockRoute,
  mockArticleQuery,
} from '../../../shared/demo-mock';
import { type RouteDef, routeCatalog } from '../../../shared/routes';

/** mulberry32: a small seeded generator, so every server makes the same mock data. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}

const SEED = 20_000;
const FIRST_NAMES = [
  'James',
  'Mary',
  'John',
  'Linda',
  'Robert',
  'Susan',
  'Michael',
  'Karen',
  'William',
  'Nancy',
  'David',
  'Betty',
  'Richard',
  'Helen',
  'Joseph',
  'Sandra',
  'Thomas',
  'Donna',
  'Charles',
  'Carol',
];
const LAST_NAMES = ['Smith', 'Johnson', 'Brown', 'Taylor', 'Miller', 'Wilson', 'Moore', 'Clark'];
const WORDS = (
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut ' +
  'labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris'
).split(' ');
const CONTENT = '<p>I am testing data, I am testing data.</p><p>I am testing data.</p>';
/** A picture that needs no network (the template's pointed at a CDN): the demos work offline. */
const IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='160' height='90'%3E%3Crect width='160' height='90' fill='%23d9d9d9'/%3E%3C/svg%3E";
/** Spec §7: pageviews by platform. */
const PV_DATA = ['PC', 'mobile', 'ios', 'android'].map((key) => ({ key, pv: 1024 }));

const pad = (n: number) => String(n).padStart(2, '0');
const dateTime = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

/** A route of the catalog as a mock role lists it (groups keep their children). */
function toMockRoute(route: RouteDef): MockRoute {
  return {
    path: route.path,
    ...(route.name ? { name: route.name } : {}),
    ...(route.meta ? { meta: { title: route.meta.title } } : {}),
    ...(route.children ? { children: route.children.map(toMockRoute) } : {}),
  };
}

/** Leaves out the routes under `path` (at any depth). */
function without(routes: MockRoute[], path: string): MockRoute[] {
  return routes
    .filter((route) => route.path !== path)
    .map((route) =>
      route.children ? { ...route, children: without(route.children, path) } : route,
    );
}

/**
 * One server's mock data (spec §7): 100 articles, the roles and the transactions, generated once
 * from a fixed seed and kept in memory; what the mock changes lasts until the server restarts.
 */
export function createMockData() {
  const random = seededRandom(SEED);
  const name = () => random.pick(FIRST_NAMES);
  const words = (min: number, max: number) =>
    Array.from({ length: random.int(min, max) }, () => random.pick(WORDS)).join(' ');
  const title = () => {
    const text = words(5, 10);
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  // A fixed clock too: 2020-01-01 and up to three years after.
  const epoch = Date.UTC(2020, 0, 1);
  const someTime = () => epoch + random.int(0, 3 * 365 * 24 * 3600) * 1000;

  const articles: MockArticle[] = Array.from({ length: MOCK_ARTICLE_COUNT }, (_, index) => {
    const timestamp = someTime();
    return {
      id: index + 1,
      timestamp,
      author: name(),
      reviewer: name(),
      title: title(),
      content_short: 'mock data',
      content: CONTENT,
      forecast: random.int(0, 10_000) / 100,
      importance: random.int(1, 3),
      type: random.pick(MOCK_ARTICLE_TYPES),
      status: random.pick(MOCK_ARTICLE_STATUSES),
      display_time: dateTime(someTime()),
      comment_disabled: true,
      pageviews: random.int(300, 5000),
      image_uri: IMAGE,
      platforms: ['a-platform'],
    };
  });
  const userNames = Array.from(
    { length: 100 },
    () => `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
  );
  const transactions = Array.from({ length: 20 }, () => ({
    order_no: Array.from({ length: 4 }, () => random.int(0, 0xffff).toString(16).padStart(4, '0'))
      .join('-')
      .toUpperCase(),
    timestamp: someTime(),
    username: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
    price: random.int(100_000, 1_500_000) / 100,
    status: random.pick(['success', 'pending'] as const),
  }));

  // Spec §6: admin all routes, editor all but /permission, visitor the dashboard only.
  const routes = routeCatalog.map(toMockRoute);
  const roles: MockRole[] = [
    {
      key: 'admin',
      name: 'admin',
      description: 'Super Administrator. Have access to view all pages.',
      routes,
    },
    {
      key: 'editor',
      name: 'editor',
      description: 'Normal Editor. Can see all pages except permission page',
      routes: without(routes, '/permission'),
    },
    {
      key: 'visitor',
      name: 'visitor',
      description: 'Just a visitor. Can only see the home page and the document page',
      routes: routes.filter((route) => route.path === '/dashboard'),
    },
  ];

  let nextId = MOCK_ARTICLE_COUNT + 1;
  return {
    routes,
    roles,
    transactions,

    /** Spec §7: filters, `-id` reverses, then one page. */
    listArticles(input: MockArticleQuery) {
      const query = mockArticleQuery.parse(input);
      let found = articles.filter(
        (a) =>
          (!query.importance || a.importance === query.importance) &&
          (!query.type || a.type === query.type) &&
          (!query.title || a.title.includes(query.title)),
      );
      if (query.sort === '-id') found = [...found].reverse();
      const start = (query.page - 1) * query.limit;
      return { total: found.length, items: found.slice(start, start + query.limit) };
    },
    article: (id: number) => articles.find((a) => a.id === id),
    pageviews: () => PV_DATA,

    createArticle(input: MockArticleInput) {
      const article: MockArticle = {
        ...articles[0]!,
        timestamp: Date.now(),
        display_time: dateTime(Date.now()),
        pageviews: 0,
        ...input,
        id: nextId++,
      };
      articles.push(article);
      return article;
    },
    /** False when no article has the id. */
    updateArticle(id: number, input: MockArticleInput) {
      const at = articles.findIndex((a) => a.id === id);
      if (at === -1) return false;
      articles[at] = { ...articles[at]!, ...input, id };
      return true;
    },

    searchUsers(text: string) {
      const wanted = text.toLowerCase();
      return userNames.filter((n) => n.toLowerCase().includes(wanted)).map((n) => ({ name: n }));
    },

    /** Spec §7: a new role's key is a random number from 300 to 5000, never one in use. */
    addRole(input: Required<MockRoleInput>) {
      let key: string;
      do key = String(300 + Math.floor(Math.random() * 4701));
      while (roles.some((role) => role.key === key));
      roles.push({ key, ...input });
      return key;
    },
    updateRole(key: string, input: Required<MockRoleInput>) {
      const role = roles.find((r) => r.key === key);
      if (!role) return false;
      Object.assign(role, input);
      return true;
    },
    deleteRole(key: string) {
      const at = roles.findIndex((r) => r.key === key);
      if (at === -1) return false;
      roles.splice(at, 1);
      return true;
    },
  };
}

export type MockData = ReturnType<typeof createMockData>;
