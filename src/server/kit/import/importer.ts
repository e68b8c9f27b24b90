import type { FieldDef, ResourceDef, ResourceDictionary } from '../../../shared/resource';
import { fieldEntries, inImport } from '../../../shared/resource';
import type { ImportColumn, ImportHooks } from '../import-hooks';
import { dictionariesOf, hooksOf, importHooksOf } from '../modules';
import type { ResourceHooks } from '../resource-routes';

/** A column of an import file: one of the resource's fields, or one of its import hooks'. */
export interface Column {
  field: string;
  /** The resource's field, when it is one (its kind says how a cell is read). */
  f?: FieldDef;
  /** The header the template writes in each language; both are accepted, and the field's key. */
  headers: { zh: string; en: string };
  required: boolean;
  /** The template's notes, for a hook's column. */
  notes?: Pick<ImportColumn, 'rule' | 'example'>;
  asText?: boolean;
}

/** An importable resource, with what its import reads: columns, words, rules and hooks. */
export interface Importer {
  resource: ResourceDef;
  columns: Column[];
  dictionaries: Record<'zh' | 'en', ResourceDictionary>;
  hooks: ResourceHooks;
  own: ImportHooks;
}

/** Columns and their accepted headers from the resource's fields, both dictionaries and its import hooks. */
export async function importerOf(resource: ResourceDef): Promise<Importer> {
  const dictionaries = await dictionariesOf(resource);
  const own = await importHooksOf(resource);
  const variant = resource.variants?.field;
  const columns: Column[] = fieldEntries(resource)
    .filter(([key, f]) => inImport(f) && key !== variant)
    .map(([field, f]) => ({
      field,
      f,
      headers: {
        zh: dictionaries.zh.fields[field] ?? field,
        en: dictionaries.en.fields[field] ?? field,
      },
      required: !!f.required,
    }));
  for (const c of own.columns ?? [])
    columns.push({
      field: c.field,
      headers: c.header,
      required: !!c.required,
      notes: { rule: c.rule, example: c.example },
      asText: c.asText,
    });
  return { resource, columns, dictionaries, hooks: await hooksOf(resource), own };
}

/** An enum's value from what a cell says: its key, or its text in either language. */
export function enumValue(importer: Importer, field: string, text: string): string {
  for (const dictionary of [importer.dictionaries.zh, importer.dictionaries.en]) {
    const texts = dictionary.enums?.[field] ?? {};
    const found = Object.entries(texts).find(([, label]) => label === text);
    if (found) return found[0];
  }
  return text;
}
