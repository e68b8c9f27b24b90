import type { ResourceDef } from '../resource';
import { definitionsOf } from '../resource-files';

/**
 * Every resource of this folder (each `<name>.ts`'s default export), found by Vite's glob: in the
 * web app and its tests. Node finds them with `definitions.node.ts`; package.json's
 * `#resource-definitions` picks one.
 */
export const definitions: readonly ResourceDef[] = definitionsOf(
  Object.fromEntries(
    Object.entries(
      import.meta.glob(['./*.ts', '!./*.*.ts', '!./index.ts'], { eager: true, import: 'default' }),
    ).map(([file, definition]) => [file.slice('./'.length), definition]),
  ),
);
