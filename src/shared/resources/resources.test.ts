import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from './index';

const folder = path.dirname(new URL(import.meta.url).pathname);
const definitions = readdirSync(folder).filter((f) => /^[a-z-]+\.ts$/.test(f) && f !== 'index.ts');

describe('resources', () => {
  it('lists every definition of the folder', async () => {
    const listed = new Set(resources);
    for (const file of definitions) {
      const module = (await import(`./${file}`)) as Record<string, unknown>;
      const found = Object.values(module).filter((v) => listed.has(v as never));
      expect(found, `${file} is not in resources/index.ts`).toHaveLength(1);
    }
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
