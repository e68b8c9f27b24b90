import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from './index';

const folder = path.dirname(new URL(import.meta.url).pathname);
const serverDir = path.resolve(folder, '../../server');

/**
 * Every resource keeps the contract (server/kit/resource-contract.ts): a test file of the server
 * calls resourceContract or readContract with its definition, imported from this folder.
 */
describe('the resource contract', () => {
  it('is run for every resource', async () => {
    /** `<file>:<export>` of each definition a contract is called with. */
    const covered = new Set<string>();
    for (const file of readdirSync(serverDir, { recursive: true }) as string[]) {
      if (!file.endsWith('.test.ts')) continue;
      const text = readFileSync(path.join(serverDir, file), 'utf8');
      // The names the file gives to this folder's exports (`feeds as feedsResource`).
      const imported = new Map<string, string>();
      for (const [, names, from] of text.matchAll(
        /import\s*\{([^}]*)\}\s*from\s*'[./]*shared\/resources\/([\w-]+)'/g,
      ))
        for (const part of names!.split(',').filter((p) => p.trim())) {
          const [exported, local = exported] = part.trim().split(/\s+as\s+/);
          imported.set(local!, `${from}:${exported}`);
        }
      for (const [, name] of text.matchAll(/\b(?:resourceContract|readContract)\(\s*(\w+)\s*,/g)) {
        const definition = imported.get(name!);
        expect(definition, `${file}: ${name} is not imported from shared/resources`).toBeTruthy();
        covered.add(definition!);
      }
    }
    const missing: string[] = [];
    for (const resource of resources) {
      const module = (await import(`./${resource.name}.ts`)) as Record<string, unknown>;
      const name = Object.keys(module).find((key) => module[key] === resource);
      expect(name, `${resource.name}.ts exports its definition`).toBeTruthy();
      if (!covered.has(`${resource.name}:${name}`)) missing.push(`${resource.name} (${name})`);
    }
    expect(missing, 'resources no server test runs the contract for').toEqual([]);
  });
});
