import { queryOptions } from '@tanstack/react-query';
import type { MockRole, MockRoleInput, MockRoute } from '../../../shared/demo-mock';
import { mockRequest } from '../shared/mock-client';

export const roleQueries = {
  roles: () =>
    queryOptions({
      queryKey: ['demo-role', 'roles'],
      queryFn: () => mockRequest<MockRole[]>('/roles'),
    }),
  routes: () =>
    queryOptions({
      queryKey: ['demo-role', 'routes'],
      queryFn: () => mockRequest<MockRoute[]>('/routes'),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

export const roleCalls = {
  create: (body: MockRoleInput) => mockRequest<{ key: string }>('/role', { method: 'POST', body }),
  update: (key: string, body: MockRoleInput) =>
    mockRequest<{ status: string }>(`/role/${encodeURIComponent(key)}`, { method: 'PUT', body }),
  remove: (key: string) =>
    mockRequest<{ status: string }>(`/role/${encodeURIComponent(key)}`, { method: 'DELETE' }),
};

/** The paths of a route tree's leaves (what the role page's tree checks). */
export function leafPaths(routes: readonly MockRoute[]): string[] {
  return routes.flatMap((route) =>
    route.children?.length ? leafPaths(route.children) : [route.path],
  );
}

/** The part of `routes` that leads to the checked leaves: groups stay when a child stays. */
export function pickRoutes(
  routes: readonly MockRoute[],
  checked: ReadonlySet<string>,
): MockRoute[] {
  const kept: MockRoute[] = [];
  for (const route of routes) {
    if (route.children?.length) {
      const children = pickRoutes(route.children, checked);
      if (children.length > 0) kept.push({ ...route, children });
    } else if (checked.has(route.path)) kept.push(route);
  }
  return kept;
}
