import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenRoutes } from '../resource';
import { isDefinitionFile } from '../resource-files';
import { CATALOG_PLACES } from '../routes';
import { definitions as foundByNode } from './definitions.node';
import { definitions as foundByVite } from './definitions.vite';
import { resources } from './index';

const folder = path.dirname(new URL(import.meta.url).pathname);
const files = readdirSync(folder).filter(isDefinitionFile);

describe('resources', () => {
  it("are the folder's definitions, each `<name>.ts` exporting its own, found alike by Node and Vite", async () => {
    expect(files.length).toBeGreaterThan(30);
    const own = await Promise.all(
      files.map(async (file) => (await import(/* @vite-ignore */ `./${file}`)).default),
    );
    expect(own.map((resource) => `${resource.name}.ts`)).toEqual(files);
    expect(new Set(resources)).toEqual(new Set(own));
    expect(resources).toHaveLength(files.length);
    expect(foundByNode).toHaveLength(files.length);
    expect(foundByNode.every((found, i) => found === foundByVite[i])).toBe(true);
  });

  it('are in the order the menu shows their first screens', () => {
    const places = resources.map((r) =>
      Math.min(...screenRoutes(r).map((s) => CATALOG_PLACES.get(s)!)),
    );
    expect(places.every((place) => Number.isFinite(place))).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    expect(resources.slice(0, 2).map((r) => r.name)).toEqual(['carousel', 'printer']);
  });

  it('gives every resource a name, route and table of its own, and both dictionaries', async () => {
    for (const key of ['name', 'route', 'table'] as const) {
      // A view's table is the one of the resource it names.
      const values = resources.filter((r) => key !== 'table' || !r.viewOf).map((r) => r[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
    for (const r of resources.filter((v) => v.viewOf))
      expect(resources.find((o) => o.name === r.viewOf)?.table, r.name).toBe(r.table);
    for (const r of resources) {
      for (const lang of ['zh', 'en']) {
        const dictionary = (await import(`./${r.name}.${lang}.ts`)).default;
        for (const field of Object.keys(r.fields)) expect(dictionary.fields[field]).toBeTruthy();
      }
    }
  });
});
