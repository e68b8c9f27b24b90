import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ResourceDef, ResourceDictionary } from '../../shared/resource';
import { resources } from '../../shared/resources';
import type { AppContext } from '../context';
import { addDictionaries } from '../messages';
import type { ImportHooks } from './import-hooks';
import { type ResourceHooks, resourceRoutes } from './resource-routes';
import { tableOf } from './tables';

export { tableOf };

const here = path.dirname(fileURLToPath(import.meta.url));
const modulesDir = path.join(here, '../modules');
const resourcesDir = path.join(here, '../../shared/resources');

const load = async (file: string) => (await import(pathToFileURL(file).href)).default;

/**
 * Registers every area, found by folder: each `modules/<area>/routes.ts` (its default export, a
 * Fastify plugin), and each resource's derived routes with the hooks of `modules/<name>/hooks.ts`
 * and the dictionaries beside its definition. Nothing is listed by hand.
 */
/** A resource's own hooks (`modules/<name>/hooks.ts`), if it has any. */
export async function hooksOf(resource: ResourceDef): Promise<ResourceHooks> {
  const file = path.join(modulesDir, resource.name, 'hooks.ts');
  return existsSync(file) ? load(file) : {};
}

/** A resource's own import (`modules/<name>/import.ts`: child rows, data checks), if it has one. */
export async function importHooksOf(resource: ResourceDef): Promise<ImportHooks> {
  const file = path.join(modulesDir, resource.name, 'import.ts');
  return existsSync(file) ? load(file) : {};
}

/** A resource's texts in both languages, beside its definition (its rules' messages among them). */
export async function dictionariesOf(resource: ResourceDef) {
  const dictionaries = {
    zh: (await load(path.join(resourcesDir, `${resource.name}.zh.ts`))) as ResourceDictionary,
    en: (await load(path.join(resourcesDir, `${resource.name}.en.ts`))) as ResourceDictionary,
  };
  addDictionaries(resource.name, dictionaries);
  return dictionaries;
}

export async function registerModules(app: FastifyInstance, context: AppContext) {
  for (const area of readdirSync(modulesDir).sort()) {
    const routes = path.join(modulesDir, area, 'routes.ts');
    if (existsSync(routes)) await app.register(await load(routes), context);
  }
  for (const resource of resources) {
    const plugin = resourceRoutes(
      resource,
      tableOf(resource),
      await dictionariesOf(resource),
      await hooksOf(resource),
    );
    await app.register(plugin, context);
  }
}
