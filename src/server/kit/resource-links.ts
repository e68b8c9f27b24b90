import {
  and,
  arrayOverlaps,
  asc,
  count,
  eq,
  inArray,
  isNull,
  max,
  ne,
  notInArray,
  type SQL,
} from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { ResultCode } from '../../shared/envelope';
import { type LinkTarget, linkedRow } from '../../shared/link';
import { message } from '../../shared/messages';
import {
  type FieldDef,
  linkFields,
  parentField,
  type ResourceDef,
  referenceFields,
} from '../../shared/resource';
import { resources } from '../../shared/resources';
import type { Executor } from '../db/client';
import { AppError, fieldError } from '../errors';
import type { ListJoin } from './list';
import { columnOf, type ResourceTable, tableOf } from './tables';

type Row = Record<string, unknown> & { id: number };
/** The titles of the rows the rows of an answer point at: by field, then by id (or link text). */
export type LinkLabels = Map<string, Map<unknown, string>>;

/** The property a row read with `labelJoins`' columns holds a reference's title in. */
const labelKey = (key: string) => `label:${key}`;

/** A list of references' ids (none for anything else). */
const idsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];

/** The rows of a resource that point at another: references, tree parents and drag order. */
export function resourceLinks(resource: ResourceDef, table: ResourceTable) {
  const pointers = referenceFields(resource);
  /** Lists of references (a column of ids): the rest point at one row each. */
  const isList = (key: string) => (resource.fields[key] as FieldDef).kind === 'references';
  const linkKeys = linkFields(resource);
  const parent = parentField(resource);
  const parentColumn = parent ? columnOf(resource, table, parent) : undefined;
  const maxDepth = parent ? ((resource.fields[parent] as FieldDef).maxDepth ?? 5) : 0;
  const orderColumn = resource.orderField
    ? columnOf(resource, table, resource.orderField)
    : undefined;

  const target = (name: string) => {
    const found = resources.find((r) => r.name === name);
    if (!found) throw new Error(`${resource.name}: a reference to no resource ${name}`);
    const t = tableOf(found);
    return { resource: found, table: t, title: columnOf(found, t, found.titleField) };
  };

  /** The resources (and their fields) whose references point at this one. */
  const pointedFrom = () =>
    resources.flatMap((other) =>
      referenceFields(other)
        .filter(([, to]) => to === resource.name && other.name !== resource.name)
        .map(([key]) => ({
          other,
          key,
          list: (other.fields[key] as FieldDef).kind === 'references',
        })),
    );

  const variantColumn = resource.variants
    ? columnOf(resource, table, resource.variants.field)
    : undefined;
  /**
   * Siblings: rows under the same tree parent (every row when there is no tree), of the same
   * screen when the resource has several (`variant`, the row's value).
   */
  const siblingsOf = (
    merchantId: number,
    parentId: unknown,
    variant?: unknown,
  ): (SQL | undefined)[] => [
    eq(table.merchantId, merchantId),
    parentColumn
      ? parentId == null
        ? isNull(parentColumn)
        : eq(parentColumn, parentId)
      : undefined,
    variantColumn && variant !== undefined ? eq(variantColumn, variant) : undefined,
  ];

  /** A row's ancestors, nearest first, starting with `id` itself. */
  async function chainUp(ex: Executor, merchantId: number, id: number): Promise<number[]> {
    const chain: number[] = [];
    let at: number | null = id;
    while (at != null && chain.length <= maxDepth + 1 && !chain.includes(at)) {
      chain.push(at);
      const [row] = (await ex
        .select({ parent: parentColumn! })
        .from(table)
        .where(and(eq(table.id, at), eq(table.merchantId, merchantId)))) as { parent: number }[];
      at = row?.parent ?? null;
    }
    return chain;
  }

  /** How many levels a row's subtree has (1: no children). */
  async function height(ex: Executor, merchantId: number, id: number): Promise<number> {
    let frontier = [id];
    let levels = 0;
    while (frontier.length > 0 && levels <= maxDepth) {
      levels++;
      frontier = (
        await ex
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.merchantId, merchantId), inArray(parentColumn!, frontier)))
      ).map((r) => r.id as number);
    }
    return levels;
  }

  /** The titles of rows of `to` by id (only the merchant's). */
  async function titlesOf(ex: Executor, merchantId: number, to: string, ids: number[]) {
    const titles = new Map<number, string>();
    if (ids.length === 0) return titles;
    const { table: t, title } = target(to);
    const found = await ex
      .select({ id: t.id, title })
      .from(t)
      .where(and(eq(t.merchantId, merchantId), inArray(t.id, ids)));
    for (const f of found) titles.set(f.id as number, String(f.title));
    return titles;
  }

  /** The rows the links of `rows` point at, by target. */
  const linkedRows = (rows: Row[]) => {
    const byTarget = new Map<LinkTarget, Set<number>>();
    for (const key of linkKeys)
      for (const row of rows) {
        const link = linkedRow(String(row[key] ?? ''));
        if (!link) continue;
        byTarget.set(link.kind, (byTarget.get(link.kind) ?? new Set()).add(link.id));
      }
    return byTarget;
  };

  return {
    pointers,
    parent,
    /** The fields an answer names the row of (`labels`): references, the parent and links. */
    labelled: [...pointers.map(([key]) => key), ...linkKeys],

    /**
     * The titles of the rows the single references point at, read beside the rows in their own
     * statement (a LEFT JOIN each, on the target's primary key, in the merchant's rows): a list
     * page is then one statement, not one more per reference. `labelsOf` reads them off the rows.
     */
    labelJoins(): { columns: Record<string, PgColumn>; joins: ListJoin[] } {
      const columns: Record<string, PgColumn> = {};
      const joins: ListJoin[] = [];
      for (const [key, to] of pointers) {
        if (isList(key)) continue;
        const found = target(to);
        // An alias: a tree's parent points into its own table.
        const other = alias(found.table, `label_${key}`) as unknown as ResourceTable;
        columns[labelKey(key)] = columnOf(found.resource, other, found.resource.titleField);
        joins.push({
          table: other,
          on: and(
            eq(other.id, columnOf(resource, table, key)),
            eq(other.merchantId, table.merchantId),
          )!,
        });
      }
      return { columns, joins };
    },

    /**
     * The titles of the rows each reference and link of `rows` points at: by field, then by the
     * field's value (a reference's id, a link's text).
     */
    async labelsOf(ex: Executor, merchantId: number, rows: Row[]): Promise<LinkLabels> {
      const labels: LinkLabels = new Map();
      const linked = new Map<unknown, string>();
      for (const [to, ids] of linkedRows(rows))
        for (const [id, title] of await titlesOf(ex, merchantId, to, [...ids]))
          linked.set(`${to}:${id}`, title);
      for (const key of linkKeys) labels.set(key, linked);
      for (const [key, to] of pointers) {
        if (rows.length > 0 && labelKey(key) in rows[0]!) {
          const titles = new Map<unknown, string>();
          for (const row of rows) {
            const title = row[labelKey(key)];
            if (row[key] != null && title != null) titles.set(row[key], String(title));
          }
          labels.set(key, titles);
          continue;
        }
        const ids = [
          ...new Set(rows.flatMap((row) => (isList(key) ? idsOf(row[key]) : [row[key]]))),
        ].filter((v): v is number => typeof v === 'number');
        labels.set(key, await titlesOf(ex, merchantId, to, ids));
      }
      return labels;
    },

    /**
     * What a row's answer names for a field: the title of the row it points at (or null), or for
     * a list of references the titles of the rows the merchant still has, in the list's order.
     */
    labelOf(labels: LinkLabels | undefined, key: string, row: Row): string | string[] | null {
      const titles = labels?.get(key);
      if (!isList(key)) return titles?.get(row[key]) ?? null;
      return idsOf(row[key]).flatMap((id) => {
        const title = titles?.get(id);
        return title === undefined ? [] : [title];
      });
    },

    /**
     * Refuses a reference to a row the merchant does not have, and a tree parent that would make
     * a loop (the row itself or one of its own sub-items) or a tree deeper than its limit.
     */
    async check(ex: Executor, merchantId: number, values: Record<string, unknown>, before?: Row) {
      for (const key of linkKeys) {
        const value = values[key];
        if (typeof value !== 'string' || (before && value === before[key])) continue;
        const link = linkedRow(value);
        if (!link) continue;
        const titles = await titlesOf(ex, merchantId, link.kind, [link.id]);
        if (!titles.has(link.id))
          throw fieldError(
            key,
            message('validation.linkMissing', { noun: message(`${link.kind}:noun`) }),
          );
      }
      for (const [key, to] of pointers) {
        if (isList(key)) {
          const ids = idsOf(values[key]);
          const had = new Set(before ? idsOf(before[key]) : []);
          const added = ids.filter((id) => !had.has(id));
          if (added.length === 0) continue;
          const found = await titlesOf(ex, merchantId, to, added);
          if (added.some((id) => !found.has(id)))
            throw fieldError(key, message('validation.invalidOption'));
          continue;
        }
        const id = values[key];
        if (id == null || (before && id === before[key])) continue;
        const { table: t } = target(to);
        const [found] = await ex
          .select({ id: t.id })
          .from(t)
          .where(and(eq(t.id, id as number), eq(t.merchantId, merchantId)));
        if (!found) throw fieldError(key, message('validation.invalidOption'));
        if (key !== parent) continue;
        const chain = await chainUp(ex, merchantId, id as number);
        if (before && chain.includes(before.id)) throw fieldError(key, message('tree.underItself'));
        const below = before ? await height(ex, merchantId, before.id) : 1;
        if (chain.length + below > maxDepth)
          throw fieldError(key, message('tree.maxDepth', { max: maxDepth }));
      }
    },

    /** The place a new row (or one moved to another parent) takes: last among its siblings. */
    async lastPlace(ex: Executor, merchantId: number, values: Record<string, unknown>) {
      if (!orderColumn || !resource.orderField) return {};
      const [row] = await ex
        .select({ last: max(orderColumn) })
        .from(table)
        .where(
          and(
            ...siblingsOf(
              merchantId,
              parent ? values[parent] : undefined,
              resource.variants ? values[resource.variants.field] : undefined,
            ),
          ),
        );
      return { [resource.orderField]: ((row?.last as number | null) ?? -1) + 1 };
    },

    /**
     * Refuses deleting rows that still have sub-items (not deleted with them) or that rows of
     * another area point at: they would be left pointing at nothing.
     */
    async refuseInUse(ex: Executor, merchantId: number, ids: number[]) {
      if (parentColumn) {
        const [children] = await ex
          .select({ n: count() })
          .from(table)
          .where(
            and(
              eq(table.merchantId, merchantId),
              inArray(parentColumn, ids),
              notInArray(table.id, ids),
            ),
          );
        if (children && children.n > 0)
          throw new AppError(
            ResultCode.CONFLICT,
            message('tree.hasChildren', { count: children.n }),
          );
      }
      for (const { other, key, list } of pointedFrom()) {
        const t = tableOf(other);
        const column = columnOf(other, t, key);
        const [users] = await ex
          .select({ n: count() })
          .from(t)
          .where(
            and(
              eq(t.merchantId, merchantId),
              list ? arrayOverlaps(column, ids) : inArray(column, ids),
            ),
          );
        if (users && users.n > 0)
          throw new AppError(
            ResultCode.CONFLICT,
            message('tree.inUse', { count: users.n, noun: message(`${other.name}:noun`) }),
          );
      }
    },

    /**
     * Drag order: puts `row` at `index` among the siblings under `parentId` (a tree) and numbers
     * them 0, 1, 2… Returns the values the row had and has, for the operation log.
     */
    async move(
      ex: Executor,
      merchantId: number,
      row: Row,
      to: { parentId?: number | null; index: number },
    ) {
      if (!orderColumn || !resource.orderField) throw new Error(`${resource.name}: no order`);
      const field = resource.orderField;
      const parentId = parent ? (to.parentId ?? null) : undefined;
      if (parent) await this.check(ex, merchantId, { [parent]: parentId }, row);
      const siblings = (
        await ex
          .select({ id: table.id, place: orderColumn })
          .from(table)
          .where(
            and(
              ...siblingsOf(
                merchantId,
                parentId,
                resource.variants ? row[resource.variants.field] : undefined,
              ),
              ne(table.id, row.id),
            ),
          )
          .orderBy(asc(orderColumn), asc(table.id))
          .for('update')
      ).map((r) => ({ id: r.id as number, place: r.place as number }));
      const index = Math.min(to.index, siblings.length);
      siblings.splice(index, 0, { id: row.id, place: -1 });
      for (const [place, sibling] of siblings.entries()) {
        const moved = sibling.id === row.id;
        if (!moved && sibling.place === place) continue;
        await ex
          .update(table)
          .set({
            [field]: place,
            ...(moved && parent ? { [parent]: parentId } : {}),
          } as never)
          .where(eq(table.id, sibling.id));
      }
      return {
        ...(parent ? { [parent]: [row[parent] ?? null, parentId] } : {}),
        [field]: [row[field], index],
      };
    },

    /** Every row in tree order: by parent, then place. */
    treeOrder(): PgColumn[] {
      return [orderColumn, table.id].filter((c): c is PgColumn => !!c);
    },
  };
}
