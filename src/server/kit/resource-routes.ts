import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ResourceDef, ResourceDictionary } from '../../shared/resource';
import type { AppContext } from '../context';
import { resourceAction, resourceContext } from './resource-routes/context';
import { createRoute } from './resource-routes/create';
import { deleteRoute } from './resource-routes/delete';
import { exportRoute } from './resource-routes/export';
import type { ResourceHooks } from './resource-routes/hooks';
import { optionsRoute } from './resource-routes/options';
import { readRoutes } from './resource-routes/read';
import { transitionRoutes } from './resource-routes/transitions';
import { moveRoute, treeRoute } from './resource-routes/tree';
import { updateRoute } from './resource-routes/update';
import type { ResourceTable } from './tables';

export type { ResourceHooks, ResourceTable };
export { resourceAction };

/**
 * The calls of a resource, derived from its definition: `POST /admin/<name>/list`, `detail`,
 * `create`, `update`, `delete` and `export` (those its actions name), each with the route's
 * permission, the merchant's scope, request and response schemas, and an operation-log row in
 * the same transaction as the change. Masked fields answer masked without their permission, and
 * an update that sends the masked value back keeps the stored one. One builder per action, in
 * `resource-routes/`; what they share is worked out once (`resourceContext`).
 */
export function resourceRoutes(
  resource: ResourceDef,
  table: ResourceTable,
  dictionaries: Record<'zh' | 'en', ResourceDictionary>,
  hooks: ResourceHooks = {},
) {
  const shared = resourceContext(resource, table, hooks);
  const plugin: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
    readRoutes(app, shared, context);
    createRoute(app, shared, context);
    updateRoute(app, shared, context);
    deleteRoute(app, shared, context);
    transitionRoutes(app, shared, context);
    optionsRoute(app, shared, context);
    treeRoute(app, shared, context);
    moveRoute(app, shared, context);
    exportRoute(app, shared, dictionaries, context);
  };
  return Object.assign(plugin, { list: shared.list });
}
