import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';

const folder = path.join(import.meta.dirname, 'schema');

/**
 * Every table of db/schema (one file per area), found by reading the folder, so a new area's file
 * is in without a list to add it to: for what looks a table up by its name (kit/tables.ts). Code
 * that uses a table imports it from its own file; drizzle-kit reads the folder itself
 * (drizzle.config.ts).
 */
export const allTables: readonly PgTable[] = [
  ...new Set(
    (
      await Promise.all(
        readdirSync(folder)
          .filter((file) => /^[a-z][a-z0-9-]*\.ts$/.test(file))
          .sort()
          .map(
            (file) =>
              import(/* @vite-ignore */ pathToFileURL(path.join(folder, file)).href) as Promise<
                Record<string, unknown>
              >,
          ),
      )
    ).flatMap((module) => Object.values(module).filter((value) => is(value, PgTable))),
  ),
];
