import { definitions } from '#resource-definitions';
import { type ResourceDef, screenRoutes } from '../resource';
import { CATALOG_PLACES } from '../routes';

/** Where an area first shows in the menu: its first screen's place in the route catalog. */
const placeOf = (resource: ResourceDef) =>
  Math.min(...screenRoutes(resource).map((route) => CATALOG_PLACES.get(route) ?? Infinity));

/**
 * Every business area declared as a resource: the default export of each `<name>.ts` of this
 * folder, found by folder (`#resource-definitions`: read from disk under Node, Vite's glob in the
 * web app), in the order the menu shows them: the header search's order of results, the data
 * helper's and the operation log's. There is no list to add an area to.
 */
export const resources: readonly ResourceDef[] = [...definitions].sort(
  (a, b) => placeOf(a) - placeOf(b) || a.name.localeCompare(b.name),
);
