import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResourceDef } from '../resource';
import { definitionsOf, isDefinitionFile } from '../resource-files';

const folder = import.meta.dirname;

/**
 * Every resource of this folder (each `<name>.ts`'s default export), found by reading it: under
 * Node (the server, the scripts, the API tests). The web app's build finds them with
 * `definitions.vite.ts`; package.json's `#resource-definitions` picks one.
 */
export const definitions: readonly ResourceDef[] = definitionsOf(
  Object.fromEntries(
    await Promise.all(
      readdirSync(folder)
        .filter(isDefinitionFile)
        .map(async (file) => {
          const module = await import(
            /* @vite-ignore */ pathToFileURL(path.join(folder, file)).href
          );
          return [file, (module as { default?: unknown }).default] as const;
        }),
    ),
  ),
);
