import type { ComponentType } from 'react';
import { parentField, type ResourceDef, screenRoutes } from '../../shared/resource';
import { resources } from '../../shared/resources';
import { loadDictionaries } from '../i18n';
import {
  type FormOverrides,
  type ResourceOverrides,
  withFormPart,
} from '../kit/resource-overrides';
import { type Preloadable, preloadable } from './preloadable';
import type { ScreenLoaders } from './screen-loaders';

// biome-ignore lint/suspicious/noExplicitAny: screens take their route's props (e.g. articleType).
type Screen = Preloadable<ComponentType<any>>;

/** Each feature's and demo's own screens (`screens.ts`), found by folder. */
const declared = import.meta.glob<ScreenLoaders>(
  ['../features/*/screens.ts', '../demos/*/screens.ts'],
  { eager: true, import: 'default' },
);
/** A resource's changes to its derived screen, if it has any. */
const overrides = import.meta.glob<ResourceOverrides>('../features/*/index.tsx', {
  import: 'default',
});
/** What only its form needs (its own controls, a section): a chunk loaded when a form opens. */
const formParts = import.meta.glob<FormOverrides>('../features/*/form.tsx', {
  import: 'default',
});

/**
 * What a resource's screen needs besides its kit part: its area's overrides and its texts. A
 * screen that is a form (`withForm`) has the form part in them; a list loads it with its form.
 */
async function areaOf(resource: ResourceDef, withForm = false) {
  const form = formParts[`../features/${resource.name}/form.tsx`] as
    | (() => Promise<FormOverrides>)
    | undefined;
  const [own = {}, part] = await Promise.all([
    overrides[`../features/${resource.name}/index.tsx`]?.(),
    withForm ? form?.() : undefined,
    loadDictionaries(resource.name),
  ]);
  if (part) return withFormPart(own, part);
  return form ? { ...own, form } : own;
}

/** A resource's derived list screen, as one lazy chunk with its overrides and dictionaries. */
const listScreen = (resource: ResourceDef) => async () => {
  // Settings (one row per merchant) are their form.
  if (resource.single) {
    const [kit, own] = await Promise.all([
      import('../kit/resource-single'),
      areaOf(resource, true),
    ]);
    return { default: kit.singleOf(resource, own) };
  }
  // A tree (categories) is shown as one, dragged to reorder.
  if (parentField(resource)) {
    const [kit, own] = await Promise.all([import('../kit/resource-tree'), areaOf(resource)]);
    return { default: kit.treeScreenOf(resource, own) };
  }
  const [kit, own] = await Promise.all([import('../kit/resource-screen'), areaOf(resource)]);
  return { default: kit.screenOf(resource, own) };
};

/** A resource's add/edit page (for long forms), likewise. */
const pageScreen = (resource: ResourceDef) => async () => {
  const [kit, own] = await Promise.all([import('../kit/resource-page'), areaOf(resource, true)]);
  return { default: kit.pageOf(resource, own) };
};

function collect(): Record<string, Screen> {
  // One preloadable per chunk: the ten article lists share theirs.
  const byLoader = new Map<unknown, Screen>();
  const found: Record<string, Screen> = {};
  const add = (name: string, load: ScreenLoaders[string]) => {
    let screen = byLoader.get(load);
    if (!screen) {
      screen = preloadable(load);
      byLoader.set(load, screen);
    }
    found[name] = screen;
  };
  for (const loaders of Object.values(declared))
    for (const [name, load] of Object.entries(loaders)) add(name, load);
  for (const resource of resources) {
    const list = listScreen(resource);
    for (const route of screenRoutes(resource)) if (!(route in found)) add(route, list);
    if (resource.page && !(resource.page.route in found))
      add(resource.page.route, pageScreen(resource));
  }
  return found;
}

/**
 * Route name → screen, each its own lazy chunk: the login page never loads a screen, and a screen
 * loads the first time its route opens. A catalog route joins the menu once it has a screen.
 */
export const screens: Record<string, Screen> = collect();

export function hasScreen(name: string | undefined): boolean {
  return !!name && name in screens;
}
