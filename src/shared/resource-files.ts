import type { ResourceDef } from './resource';

/**
 * Whether a file of src/shared/resources is an area's definition: `<name>.ts`, not its
 * dictionaries (`<name>.zh.ts`), a test, the folder's finders (`definitions.*.ts`) or its index.
 */
export function isDefinitionFile(file: string): boolean {
  return /^[a-z][a-z0-9-]*\.ts$/.test(file) && file !== 'index.ts';
}

/**
 * The resources of the folder's definition files (file name → its default export), in file-name
 * order. A file without a resource as its default export stops the app from starting.
 */
export function definitionsOf(found: Record<string, unknown>): ResourceDef[] {
  return Object.keys(found)
    .filter(isDefinitionFile)
    .sort()
    .map((file) => {
      const definition = found[file] as ResourceDef | undefined;
      if (!definition?.name || !definition.fields)
        throw new Error(`src/shared/resources/${file}: its default export is not a resource`);
      return definition;
    });
}
