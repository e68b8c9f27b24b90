import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
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

interface Areas {
  plugins: FastifyPluginAsync<AppContext>[];
  dictionaries: Awaited<ReturnType<typeof dictionariesOf>>[];
  hooks: ResourceHooks[];
}
let loaded: Promise<Areas> | undefined;

/**
 * Every area's files, asked for at once (and once a process): one after another, each import
 * waited for the last (under Vitest a round trip each), and the first app took 1.5 s to build.
 * The API tests' setup starts it before a test file's own imports.
 */
export function loadModules(): Promise<Areas> {
  loaded ??= (async () => {
    const routeFiles = readdirSync(modulesDir)
      .sort()
      .map((area) => path.join(modulesDir, area, 'routes.ts'))
      .filter((file) => existsSync(file));
    const [plugins, dictionaries, hooks] = await Promise.all([
      Promise.all(routeFiles.map(load)),
      Promise.all(resources.map(dictionariesOf)),
      Promise.all(resources.map(hooksOf)),
    ]);
    return { plugins, dictionaries, hooks };
  })();
  return loaded;
}

export async function registerModules(app: FastifyInstance, context: AppContext) {
  const { plugins, dictionaries, hooks } = await loadModules();
  for (const plugin of plugins) await app.register(plugin, context);
  for (const [i, resource] of resources.entries()) {
    const plugin = resourceRoutes(resource, tableOf(resource), dictionaries[i]!, hooks[i]!);
    await app.register(plugin, context);
  }
}
