import type { DataNode } from 'antd/es/tree';
import {
  ACTION_PERMISSIONS,
  IMPLIED_ROUTES,
  type RouteDef,
  routeCatalog,
} from '../../../shared/routes';

/**
 * The route table as a checkable tree for assigning routes: leaves are route names (the
 * permission keys); groups only group. Routes the granting account lacks are disabled.
 */
export function routeTree(
  translate: (title: string | undefined) => string,
  grantable: (name: string) => boolean,
  routes: RouteDef[] = routeCatalog,
): DataNode[] {
  const nodes: DataNode[] = [];
  for (const route of routes) {
    // The template's demos are not the merchant's screens: never granted to a sub-account.
    if (route.demo) continue;
    if (route.children?.length) {
      const children = routeTree(translate, grantable, route.children);
      if (children.length)
        nodes.push({ key: `group:${route.path}`, title: translate(route.meta?.title), children });
    } else if (route.name && !IMPLIED_ROUTES.has(route.name)) {
      nodes.push({
        key: route.name,
        title: translate(route.meta?.title),
        disabled: !grantable(route.name),
      });
      // Action permissions of a screen sit right after it.
      for (const action of ACTION_PERMISSIONS.filter((a) => a.parent === route.name)) {
        nodes.push({
          key: action.name,
          title: translate(action.title),
          disabled: !grantable(action.name),
        });
      }
    }
  }
  return nodes;
}

/** The permission names among checked tree keys. */
export const namesOf = (keys: readonly React.Key[]) =>
  keys.map(String).filter((key) => !key.startsWith('group:'));
