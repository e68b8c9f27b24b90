import { and, asc, desc, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  type FieldDef,
  fieldsWhere,
  has,
  inExport,
  maskValue,
  type ResourceDictionary,
} from '../../../shared/resource';
import type { AppContext } from '../../context';
import type { ListRequest } from '../list';
import { actorOf, recordOperation } from '../operation-log';
import { type ExportColumn, sendXlsx } from '../xlsx-export';
import { type ResourceApp, type ResourceContext, resourceAction } from './context';
import type { Row } from './hooks';

/** An export's body: the list's filters and order, and how the file should read. */
type ExportRequest = ListRequest &
  Record<string, unknown> & { columns?: string[]; lang: 'zh' | 'en'; tz: number };

/**
 * `export`: the list's rows, filtered and ordered as the list, as a spreadsheet in the UI's
 * language (the columns chosen, or every exportable one), logged.
 */
export function exportRoute(
  app: ResourceApp,
  r: ResourceContext,
  dictionaries: Record<'zh' | 'en', ResourceDictionary>,
  { db }: AppContext,
) {
  const { resource, table, schemas, base, config, tags, links, hooks } = r;
  if (!has(resource, 'export')) return;
  app.post(
    `${base}/export`,
    { config, schema: { tags, body: schemas.exportParams } },
    async (request, reply) => {
      const params = request.body as ExportRequest;
      const masked = r.maskedFor(request.auth!);
      const dictionary = dictionaries[params.lang];
      const exportable = fieldsWhere(resource, inExport);
      const chosen = params.columns?.filter((key) => exportable.includes(key)) ?? [];
      const lead = hooks.export?.key;
      const keys = [
        ...new Set([...(chosen.length > 0 ? chosen : exportable), ...(hooks.export?.always ?? [])]),
      ].filter((key) => key !== lead && exportable.includes(key));
      const cells = hooks.export?.cells ?? {};
      const column = (key: string): ExportColumn<Row> => {
        const derived = exportColumn(
          key,
          resource.fields[key] as FieldDef,
          dictionary,
          params.tz,
          masked,
        );
        const cell = cells[key];
        return cell ? { ...derived, value: (row) => cell(row[key], dictionary) } : derived;
      };
      const where = r.filter(request.auth!.merchantId, params, request);
      const { keyword, cursor: _c, page: _p, pageSize: _s, columns: _k, ...rest } = params;
      await recordOperation(db, actorOf(request), {
        action: resourceAction(resource, 'export'),
        targetType: resource.name,
        detail: { keyword, ...rest },
      });
      // The list's order: ids first (small), then their rows batch by batch in that order.
      const sort = r.sortColumns[params.sort] ?? r.column(resource.defaultSort);
      const direction = params.order === 'asc' ? asc : desc;
      const ids = (
        await db
          .select({ id: table.id })
          .from(table as PgTable)
          .where(and(...where))
          .orderBy(direction(sort), direction(table.id))
      ).map((row) => row.id as number);
      let at = 0;
      const date = new Date(Date.now() - params.tz * 60_000).toISOString().slice(0, 10);
      return sendXlsx<Row>(reply, {
        filename: `${dictionary.title}-${date}.xlsx`,
        sheet: dictionary.title,
        columns: [
          lead
            ? { ...column(lead), width: 24 }
            : { header: 'ID', key: 'id', width: 10, value: (row: Row) => row.id },
          ...keys.map(column),
        ],
        async nextBatch() {
          const batch = ids.slice(at, at + 1000);
          at += batch.length;
          if (batch.length === 0) return [];
          const rows = (await db
            .select()
            .from(table as PgTable)
            .where(inArray(table.id, batch))) as Row[];
          if (links.labelled.length > 0) {
            const labels = await links.labelsOf(db, request.auth!.merchantId, rows);
            for (const row of rows)
              row.labels = Object.fromEntries(
                links.labelled.map((key) => [key, links.labelOf(labels, key, row)]),
              );
          }
          const byId = new Map(rows.map((row) => [row.id, row]));
          return batch.map((id) => byId.get(id)).filter((row): row is Row => !!row);
        },
      });
    },
  );
}

/** A column of the export: labels in the UI's language, money with two decimals, local times. */
function exportColumn(
  key: string,
  f: FieldDef,
  dictionary: ResourceDictionary,
  tz: number,
  masked: string[],
): ExportColumn<Row> {
  const header = dictionary.fields[key] ?? key;
  const local = (value: unknown) =>
    value instanceof Date ? new Date(value.getTime() - tz * 60_000) : null;
  const base = { header, key, width: 16 };
  // A figure a row lacks is an empty cell, as the list shows a dash: never a 0.
  const figure = (row: Row) =>
    row[key] === null || row[key] === undefined ? null : Number(row[key]);
  switch (f.kind) {
    case 'money':
      return { ...base, numFmt: '0.00', value: figure };
    case 'decimal':
      return { ...base, numFmt: `0.${'0'.repeat(f.scale ?? 4)}`, value: figure };
    case 'datetime':
      return { ...base, width: 20, numFmt: 'yyyy-mm-dd hh:mm', value: (row) => local(row[key]) };
    case 'enum':
      return {
        ...base,
        width: 10,
        value: (row) => dictionary.enums?.[key]?.[row[key] as string] ?? (row[key] as string),
      };
    case 'boolean':
      return { ...base, width: 8, value: (row) => (row[key] ? '✓' : '') };
    case 'tags':
    case 'images':
      return { ...base, width: 24, value: (row) => (row[key] as string[]).join('，') };
    case 'integer':
      return { ...base, width: 10, value: figure };
    case 'reference':
    case 'parent':
      return {
        ...base,
        value: (row) =>
          ((row.labels as Record<string, string> | undefined)?.[key] ?? null) as string | null,
      };
    case 'references':
      return {
        ...base,
        width: 24,
        value: (row) =>
          ((row.labels as Record<string, string[]> | undefined)?.[key] ?? []).join('、'),
      };
    default:
      return {
        ...base,
        width: f.kind === 'longText' ? 30 : 16,
        value: (row) =>
          (masked.includes(key) ? maskValue(f.kind, row[key]) : row[key]) as string | null,
      };
  }
}
