import type { RouteDef } from '../../shared/routes';
import { isExternal } from '../../shared/validate';

export interface MenuNode {
  /** The path the item opens (external URL for links). */
  key: string;
  title: string;
  icon?: string;
  external: boolean;
  children?: MenuNode[];
}

/**
 * The sidebar from the permitted routes (spec §2, template behaviour): hidden routes never show;
 * a group with one visible child shows that child unless `alwaysShow`; external links marked.
 */
export function buildMenu(routes: RouteDef[]): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const visible = (route.children ?? []).filter((child) => !child.hidden);
    if (route.children && visible.length === 0 && !route.name) continue;
    if (foldsIntoChild(route)) {
      const only = visible[0] as RouteDef;
      nodes.push(leaf(only, only.meta?.icon ?? route.meta?.icon));
      continue;
    }
    if (visible.length > 0) {
      nodes.push({
        key: route.path,
        title: route.meta?.title ?? '',
        icon: route.meta?.icon,
        external: false,
        children: buildMenu(visible),
      });
      continue;
    }
    nodes.push(leaf(route, route.meta?.icon));
  }
  return nodes;
}

/**
 * A group with one visible child (and no `alwaysShow`) shows that child in its place. The menu,
 * the breadcrumb and the search all follow this one rule, so a group looks the same everywhere.
 */
export function foldsIntoChild(route: RouteDef): boolean {
  const visible = (route.children ?? []).filter((child) => !child.hidden);
  return visible.length === 1 && !route.alwaysShow && !visible[0]?.children?.length;
}

/** The groups above a screen as the menu shows them (folded groups left out). */
export function menuTrail(parents: RouteDef[]): RouteDef[] {
  return parents.filter((parent) => !foldsIntoChild(parent));
}

function leaf(route: RouteDef, icon: string | undefined): MenuNode {
  return {
    key: route.path,
    title: route.meta?.title ?? '',
    icon,
    external: isExternal(route.path),
  };
}

/** The menu item a route marks: itself, or for hidden add/edit screens their list. */
export function activeMenuPath(route: RouteDef, params: Record<string, string | undefined>) {
  const active = route.meta?.activeMenu;
  if (typeof active === 'string') return active;
  if (active) return active.paths[params[active.param] ?? ''] ?? route.path;
  return route.path;
}

/** The keys of the groups that contain `path` (to open them). */
export function openKeysFor(nodes: MenuNode[], path: string, trail: string[] = []): string[] {
  for (const node of nodes) {
    if (node.key === path) return trail;
    if (node.children) {
      const found = openKeysFor(node.children, path, [...trail, node.key]);
      if (found.length > 0 || node.children.some((child) => child.key === path)) return found;
    }
  }
  return [];
}
