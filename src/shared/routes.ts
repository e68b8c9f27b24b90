import { definitions } from '#resource-definitions';
import type { MenuEntry } from './auth';
import { type ResourceDef, screenRoutes, variantRoute } from './resource';
import { article } from './resources/article';

/**
 * The route catalog: every screen of the product, declared once. Its `name` is the permission key
 * the server grants and enforces; the SPA maps each name to its component (src/web/app/screens.tsx)
 * and builds the menu, tabs, breadcrumbs and search from this tree. Only screens that exist are
 * listed: an area joins the catalog with its screen (the SPA leaves out a name it has no screen for).
 */
export interface RouteMeta {
  /** i18n key of the title (`route.<name>`), or a literal title. */
  title: string;
  /** Name of an @ant-design/icons icon. */
  icon?: string;
  /** Roles allowed; absent = any role (spec §5). */
  roles?: string[];
  /** Pinned tab: cannot be closed. */
  affix?: boolean;
  /** Not kept alive when left. */
  noCache?: boolean;
  /**
   * For hidden screens: the menu path to highlight while they are open, or the path for each
   * value of one of their path parameters (an article's page highlights its type's list).
   */
  activeMenu?: string | { param: string; paths: Record<string, string> };
}

export interface RouteDef {
  path: string;
  /** Permission key and component key; absent on pure groups. */
  name?: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta?: RouteMeta;
  children?: RouteDef[];
  /** Props passed to the screen component (e.g. the article type of an article list). */
  props?: Record<string, string | number | boolean>;
  /**
   * A template demo, not one of the merchant's screens: shown in its own menu group after them,
   * never among the dashboard's shortcuts, the header search or the sub-account permission tree.
   */
  demo?: boolean;
}

/**
 * The ten article lists of spec §2 (the article resource's screens): each type its own route and
 * permission.
 */
export const ARTICLE_TYPE_ROUTES = article.variants!.screens.map((s) => ({
  name: s.route,
  type: s.value,
}));

/** The permission name of an article type's list (and of its add/edit page). */
export function articleRouteName(type: number): string | undefined {
  return variantRoute(article, type);
}

const leaf = (name: string, icon?: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  path: `/${name}`,
  name,
  ...extra,
  meta: { title: `route.${name}`, ...(icon ? { icon } : {}), ...extra.meta },
});

/**
 * The i18n namespace of the template demos' titles (src/web/demos/shared/route-titles.ts), loaded
 * with the shell rather than with the login page's dictionary.
 */
export const DEMO_TITLES = 'demo-routes:';

/** A template demo's screen: its name is its path (`example/list` at `/example/list`). */
const demoLeaf = (
  name: string,
  extra: Omit<Partial<RouteDef>, 'meta'> & { meta?: Partial<RouteMeta> } = {},
): RouteDef => ({
  path: `/${name}`,
  name,
  ...extra,
  meta: { title: `${DEMO_TITLES}${name}`, ...extra.meta },
});

const nested = (path: string): RouteDef => ({
  path: `/nested/${path}`,
  name: `nested/${path}`,
  meta: { title: `route.nested/${path}` },
});

/**
 * A resource's routes, each with the menu group it joins: its screen (one per variant, told its
 * value by a prop, and the screen over every value), and its hidden add/edit page, whose menu
 * entry is the screen its path parameter names.
 */
function resourceLeaves(
  resource: ResourceDef,
): { group: string; order?: number; leaf: RouteDef }[] {
  const icon = resource.menu.icon;
  const group = resource.menu.group;
  const variants = resource.variants;
  const screens = variants
    ? [
        ...variants.screens.map((s) => ({
          group: s.group ?? group,
          order: s.order,
          leaf: leaf(s.route, icon, { props: { [variants.field]: s.value } }),
        })),
        ...(variants.all
          ? [
              {
                group: variants.all.group ?? group,
                order: variants.all.order,
                leaf: leaf(variants.all.route, icon),
              },
            ]
          : []),
      ]
    : [{ group, leaf: leaf(resource.route, icon) }];
  if (!resource.page) return screens;
  const page = resource.page.route;
  return [
    ...screens,
    {
      group,
      leaf: leaf(page, undefined, {
        path: variants ? `/${page}/:${variants.param}` : `/${page}`,
        hidden: true,
        meta: {
          title: `route.${page}`,
          noCache: true,
          activeMenu: variants
            ? {
                param: variants.param,
                paths: Object.fromEntries(variants.screens.map((s) => [s.value, `/${s.route}`])),
              }
            : `/${resource.route}`,
        },
      }),
    },
  ];
}

/**
 * Each resource's routes join their menu groups, at its `order` among the group's screens (equal
 * orders: by name).
 */
function withResources(groups: RouteDef[]): RouteDef[] {
  const sorted = [...definitions].sort(
    (a, b) => (a.menu.order ?? 0) - (b.menu.order ?? 0) || a.name.localeCompare(b.name),
  );
  return groups.map((group) => {
    const children = [...(group.children ?? [])];
    let found = false;
    for (const resource of sorted) {
      const mine = resourceLeaves(resource).filter((entry) => entry.group === group.path);
      if (mine.length === 0) continue;
      found = true;
      // A screen in another group than its area's takes its own place there.
      const order = mine[0]!.group === resource.menu.group ? resource.menu.order : mine[0]!.order;
      children.splice(order ?? 0, 0, ...mine.map((entry) => entry.leaf));
    }
    return found ? { ...group, children } : group;
  });
}

/**
 * Routes granted with others rather than on their own: a resource's add/edit page comes with
 * any of its screens. Not shown in the accounts' permission tree.
 */
export const IMPLIED_ROUTES: ReadonlyMap<string, readonly string[]> = new Map([
  ...definitions.flatMap((r) => (r.page ? [[r.page.route, screenRoutes(r)] as const] : [])),
  // A recharge's pay page comes with recharging.
  ['recharge-pay', ['recharge']] as const,
  // The spec's second names of the mini-program's registration screens (the catalog's group).
  ['xcxbase/registerList', ['mini-program-register-list']] as const,
  ['xcxbase/register', ['mini-program-register']] as const,
]);

/** The permission names an account holds, with those its routes imply. */
export function withImpliedRoutes(granted: Set<string>): Set<string> {
  for (const [implied, by] of IMPLIED_ROUTES)
    if (by.some((name) => granted.has(name))) granted.add(implied);
  return granted;
}

export const routeCatalog: RouteDef[] = withResources([
  {
    path: '/dashboard',
    name: 'dashboard',
    meta: { title: 'route.dashboard', icon: 'DashboardOutlined', affix: true },
  },
  {
    // Store settings (spec §2): the store page's carousel.
    path: '/store',
    meta: { title: 'route.group.store', icon: 'ShopOutlined' },
  },
  {
    // Promotion (spec §2): campaigns and the orders they and the selling partners brought.
    path: '/extension',
    meta: { title: 'route.group.extension', icon: 'GiftOutlined' },
  },
  {
    // Carousel management (spec §2): the carousels of every position in one list.
    path: '/carousel-management',
    meta: { title: 'route.group.carousel', icon: 'PictureOutlined' },
  },
  {
    path: '/article',
    meta: { title: 'route.group.article', icon: 'ReadOutlined' },
  },
  {
    // The collection box (spec §2's "collection box" section): products found elsewhere, to claim.
    path: '/collection',
    meta: { title: 'route.group.collection', icon: 'InboxOutlined' },
  },
  {
    path: '/goods',
    meta: { title: 'route.group.goods', icon: 'ShoppingOutlined' },
  },
  {
    // The marketplace orders (spec §2's "orders" group) and what they add up to.
    path: '/orders',
    meta: { title: 'route.group.orders', icon: 'ShoppingCartOutlined' },
    children: [leaf('transaction_overview', 'AccountBookOutlined')],
  },
  {
    // The data board (spec §2): the ranking of goods, sites and buyers.
    path: '/data',
    meta: { title: 'route.group.data', icon: 'DashboardOutlined' },
    children: [leaf('order-data-top', 'StarOutlined')],
  },
  {
    // The storefront's orders (spec §2's second "orders" group): the order rules.
    path: '/order',
    meta: { title: 'route.group.order', icon: 'ProfileOutlined' },
  },
  {
    // The storefront's products (spec §2's "products"): categories and products.
    path: '/product',
    meta: { title: 'route.group.product', icon: 'AppstoreOutlined' },
  },
  {
    // The cost centre (spec §2): the ledger (the cost-center resource), recharge and its pay page.
    path: '/cost',
    meta: { title: 'route.group.cost', icon: 'AccountBookOutlined' },
    children: [
      leaf('recharge', 'WalletOutlined'),
      leaf('recharge-pay', undefined, {
        hidden: true,
        meta: { title: 'route.recharge-pay', noCache: true, activeMenu: '/recharge' },
      }),
    ],
  },
  {
    path: '/customer',
    meta: { title: 'route.group.customer', icon: 'TeamOutlined' },
    children: [leaf('data-helper', 'CloudUploadOutlined')],
  },
  {
    // Houses (spec §2): resale listings, new-house projects and the brokers.
    path: '/house',
    meta: { title: 'route.group.house', icon: 'HomeOutlined' },
  },
  {
    // Sellers (spec §2): the selling partners.
    path: '/seller',
    meta: { title: 'route.group.seller', icon: 'UsergroupAddOutlined' },
  },
  {
    // The mini-program (spec §2): publishing, registration and the home's banners and nine-grid.
    // The spec names two sets of routes for it, /mini-program-* and /xcxbase/*. Each screen is
    // one route here: publish, register-list and register as /mini-program-*; info, banner and
    // nine as /xcxbase/*; /xcxbase/add is the banner and nine-grid entries' add/edit page. The
    // spec's /xcxbase/registerList and /xcxbase/register are the same two screens under their own
    // route names: hidden (one menu entry per screen) and granted with /mini-program-register-list
    // and /mini-program-register, so an old address still opens what it opened.
    path: '/mini-program',
    meta: { title: 'route.group.mini-program', icon: 'WechatOutlined' },
    children: [
      leaf('mini-program-register', 'FormOutlined'),
      leaf('xcxbase/registerList', undefined, {
        hidden: true,
        meta: {
          title: 'route.mini-program-register-list',
          activeMenu: '/mini-program-register-list',
        },
      }),
      leaf('xcxbase/register', undefined, {
        hidden: true,
        meta: { title: 'route.mini-program-register', activeMenu: '/mini-program-register' },
      }),
    ],
  },
  {
    // Tools (spec §2): the page-path tool.
    path: '/tools',
    meta: { title: 'route.group.tools', icon: 'ToolOutlined' },
    children: [leaf('page-path', 'LinkOutlined')],
  },
  {
    path: '/setting',
    meta: { title: 'route.group.setting', icon: 'SettingOutlined' },
    children: [
      leaf('change-password', undefined, {
        meta: { title: 'route.change-password', noCache: true },
      }),
    ],
  },
  {
    path: '/system',
    meta: { title: 'route.group.system', icon: 'AuditOutlined' },
    children: [leaf('operation-log')],
  },
  {
    // The template's demos, after the merchant's screens (issue #28 point 10).
    path: '/demos',
    demo: true,
    alwaysShow: true,
    meta: { title: 'route.group.demos', icon: 'ExperimentOutlined' },
    children: [
      {
        // Template demo (spec §2): nested routes three levels deep; every level keeps its state.
        path: '/nested',
        redirect: '/nested/menu1/menu1-1',
        alwaysShow: true,
        meta: { title: 'route.group.nested', icon: 'ApartmentOutlined' },
        children: [
          {
            path: '/nested/menu1',
            meta: { title: 'route.nested/menu1' },
            alwaysShow: true,
            children: [
              nested('menu1/menu1-1'),
              {
                path: '/nested/menu1/menu1-2',
                meta: { title: 'route.nested/menu1/menu1-2' },
                alwaysShow: true,
                children: [nested('menu1/menu1-2/menu1-2-1'), nested('menu1/menu1-2/menu1-2-2')],
              },
              nested('menu1/menu1-3'),
            ],
          },
          nested('menu2'),
        ],
      },
      {
        // Spec §2/§6: the permission demo; its meta roles are the demo role's, not the account's.
        path: '/permission',
        redirect: '/permission/page',
        alwaysShow: true,
        meta: {
          title: `${DEMO_TITLES}group.permission`,
          icon: 'ControlOutlined',
          roles: ['admin', 'editor'],
        },
        children: [
          demoLeaf('permission/page', { meta: { roles: ['admin'] } }),
          demoLeaf('permission/directive'),
          demoLeaf('permission/role', { meta: { roles: ['admin'] } }),
          demoLeaf('permission/menu', { meta: { roles: ['admin'] } }),
        ],
      },
      demoLeaf('icon/index', { meta: { icon: 'AppstoreOutlined' } }),
      {
        path: '/charts',
        redirect: '/charts/keyboard',
        alwaysShow: true,
        meta: { title: `${DEMO_TITLES}group.charts`, icon: 'DashboardOutlined' },
        children: [
          demoLeaf('charts/keyboard'),
          demoLeaf('charts/line'),
          demoLeaf('charts/mix-chart'),
        ],
      },
      {
        path: '/components',
        redirect: '/components/tinymce',
        alwaysShow: true,
        meta: { title: `${DEMO_TITLES}group.components`, icon: 'AppstoreOutlined' },
        children: [
          demoLeaf('components/tinymce'),
          demoLeaf('components/markdown'),
          demoLeaf('components/json-editor'),
          demoLeaf('components/split-pane'),
          demoLeaf('components/avatar-upload'),
          demoLeaf('components/dropzone'),
          demoLeaf('components/sticky'),
          demoLeaf('components/count-to'),
          demoLeaf('components/mixin'),
          demoLeaf('components/back-to-top'),
          demoLeaf('components/drag-dialog'),
          demoLeaf('components/drag-select'),
          demoLeaf('components/dnd-list'),
          demoLeaf('components/drag-kanban'),
        ],
      },
      {
        // Spec §2: the demo article's create, edit (digits only, hidden) and list, on the mock API.
        path: '/example',
        redirect: '/example/list',
        alwaysShow: true,
        meta: { title: `${DEMO_TITLES}group.example`, icon: 'ReadOutlined' },
        children: [
          demoLeaf('example/create', { meta: { noCache: true } }),
          demoLeaf('example/edit', {
            path: '/example/edit/:id',
            hidden: true,
            meta: { noCache: true, activeMenu: '/example/list' },
          }),
          demoLeaf('example/list'),
        ],
      },
      demoLeaf('tab/index', { meta: { icon: 'TagsOutlined' } }),
      {
        path: '/error',
        redirect: '/error/401',
        alwaysShow: true,
        meta: { title: `${DEMO_TITLES}group.error`, icon: 'ExperimentOutlined' },
        children: [demoLeaf('error/401'), demoLeaf('error/404')],
      },
      demoLeaf('error-log/log', { meta: { icon: 'AuditOutlined' } }),
      {
        path: '/excel',
        redirect: '/excel/export-excel',
        alwaysShow: true,
        meta: { title: `${DEMO_TITLES}group.excel`, icon: 'CloudDownloadOutlined' },
        children: [
          demoLeaf('excel/export-excel'),
          demoLeaf('excel/export-selected-excel'),
          demoLeaf('excel/export-merge-header'),
          demoLeaf('excel/upload-excel'),
        ],
      },
      demoLeaf('zip/download', { meta: { icon: 'InboxOutlined' } }),
      {
        // One visible child: the menu shows /pdf/index in the group's place.
        path: '/pdf',
        redirect: '/pdf/index',
        meta: { title: `${DEMO_TITLES}group.pdf`, icon: 'PrinterOutlined' },
        children: [
          demoLeaf('pdf/index', { meta: { icon: 'PrinterOutlined' } }),
          demoLeaf('pdf/download', {
            hidden: true,
            meta: { noCache: true, activeMenu: '/pdf/index' },
          }),
        ],
      },
      demoLeaf('theme/index', { meta: { icon: 'PictureOutlined' } }),
      demoLeaf('clipboard/index', { meta: { icon: 'ContainerOutlined' } }),
      demoLeaf('i18n/index', { meta: { icon: 'SettingOutlined' } }),
      // Pinned like the dashboard (spec §2, the template's affix tags): open from the start.
      demoLeaf('documentation/index', { meta: { icon: 'ReadOutlined', affix: true } }),
      {
        // Spec §2: /guide opens /guide/index; one visible child, so the menu shows it in its place.
        path: '/guide',
        redirect: '/guide/index',
        meta: { title: `${DEMO_TITLES}group.guide`, icon: 'ControlOutlined' },
        children: [demoLeaf('guide/index', { meta: { icon: 'ControlOutlined', noCache: true } })],
      },
      // Spec §2's external link entry: the menu opens it in a new tab (shared/validate isExternal).
      demoLeaf('external-link', {
        path: 'https://github.com/PanJiaChen/vue-element-admin',
        meta: { icon: 'ReadOutlined' },
      }),
    ],
  },
]);

/** Leaves out the template demos (dashboard shortcuts, header search, permission tree). */
export function withoutDemos(routes: RouteDef[]): RouteDef[] {
  return routes
    .filter((route) => !route.demo)
    .map((route) =>
      route.children ? { ...route, children: withoutDemos(route.children) } : route,
    );
}

/** Depth-first walk over a route tree, with each route's full path. */
export function* walkRoutes(
  routes: RouteDef[],
  parents: RouteDef[] = [],
): Generator<{ route: RouteDef; parents: RouteDef[] }> {
  for (const route of routes) {
    yield { route, parents };
    if (route.children) yield* walkRoutes(route.children, [...parents, route]);
  }
}

/** Each named route's place in the catalog (depth first): the menu's order, the demos last. */
export const CATALOG_PLACES: ReadonlyMap<string, number> = new Map(
  [...walkRoutes(routeCatalog)].flatMap(({ route }, place) =>
    route.name ? [[route.name, place] as const] : [],
  ),
);

/**
 * Permissions for an action within a screen rather than a screen: granted like routes, shown
 * under their screen in the accounts tree, never in the menu. In the catalog's order of their
 * screens.
 */
export const ACTION_PERMISSIONS = definitions
  .flatMap((resource) =>
    (resource.permissions ?? []).map((name) => ({
      name,
      parent: resource.route,
      title: `route.${name.replace('.', '_')}`,
    })),
  )
  .sort((a, b) => (CATALOG_PLACES.get(a.parent) ?? 0) - (CATALOG_PLACES.get(b.parent) ?? 0));

/** Every permission name (what an owner account has): the catalog's routes and the actions. */
export function allRouteNames(routes: RouteDef[] = routeCatalog): string[] {
  const names: string[] = [];
  for (const { route } of walkRoutes(routes)) if (route.name) names.push(route.name);
  if (routes === routeCatalog) for (const action of ACTION_PERMISSIONS) names.push(action.name);
  return names;
}

/**
 * What /admin/menu/index (and the sign-in's answer) gives a session: the names it is granted, in
 * catalog order whatever order the grants were made in.
 */
export function menuFor(permissions: ReadonlySet<string>): MenuEntry[] {
  return allRouteNames()
    .filter((name) => permissions.has(name))
    .map((name) => ({ name }));
}

/** Spec §5: allowed by role when the route has no roles meta or shares one with the user. */
export function hasRole(route: RouteDef, roles: readonly string[]): boolean {
  const needed = route.meta?.roles;
  return !needed || needed.some((role) => roles.includes(role));
}

/**
 * Keeps the routes whose name is permitted and whose role meta admits the user, children too.
 * A group without a name stays when any child stays.
 */
export function filterRoutes(
  routes: RouteDef[],
  permitted: ReadonlySet<string>,
  roles: readonly string[],
  /** The template demos' role (the permission demo's switch), when it differs from `roles`. */
  demoRoles: readonly string[] = roles,
): RouteDef[] {
  const kept: RouteDef[] = [];
  for (const route of routes) {
    const own = route.demo ? demoRoles : roles;
    if (!hasRole(route, own)) continue;
    const children = route.children
      ? filterRoutes(route.children, permitted, own, demoRoles)
      : undefined;
    const allowedSelf = route.name ? permitted.has(route.name) : false;
    if (route.children) {
      if (children && children.length > 0) kept.push({ ...route, children });
      else if (allowedSelf && route.name && !route.redirect) kept.push({ ...route, children: [] });
    } else if (allowedSelf) {
      kept.push(route);
    }
  }
  return kept;
}
