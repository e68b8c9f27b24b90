import Big from 'big.js';
import { z } from 'zod';
import { parseLink } from './link';
import {
  dateRange,
  day,
  idParam,
  idsParam,
  instant,
  listParams,
  listResult,
  numberRange,
  optionalText,
} from './list';
import { messageKey as m } from './messages';
import {
  checksOf,
  type FieldDef,
  fieldEntries,
  fieldsWhere,
  inImport,
  isMasked,
  isNumberKind,
  isUpdatable,
  isWritable,
  labelledFields,
  type ResourceDef,
  rangeParam,
  utf8Bytes,
} from './resource';
import { structuredShapes } from './structured';

/** What a field answers with. */
type OutputOf<D> = D extends { kind: 'integer' }
  ? number
  : D extends { kind: 'boolean' }
    ? boolean
    : D extends { kind: 'enum'; values: infer V extends readonly string[] }
      ? V[number]
      : D extends { kind: 'tags' | 'images' }
        ? string[]
        : D extends { kind: 'date' | 'datetime' }
          ? string | null
          : D extends { kind: 'reference' | 'parent' }
            ? number | null
            : D extends { kind: 'references' }
              ? number[]
              : string;

type Fields<R> = R extends ResourceDef<infer F> ? F : never;
type Visible<F> = { [K in keyof F as F[K] extends { kind: 'secret' } ? never : K]: OutputOf<F[K]> };
type Writable<F> = {
  [K in keyof F as F[K] extends { readOnly: true } ? never : K]?: OutputOf<F[K]>;
};

/**
 * The titles of the rows a row points at, by field: a reference's (or null), a list of
 * references' in its order, a link's.
 */
export type Labels = Record<string, string | string[] | null>;

/** A row as the API answers it. */
export type EntityOf<R> = { id: number } & Visible<Fields<R>> & { labels?: Labels };
/** What a create takes (and an update, with the id). */
export type InputOf<R> = Writable<Fields<R>>;

/** An image uploaded to this server: `/uploads/<merchant>/<month>/<name>`, each part captured. */
export const UPLOADED_IMAGE =
  /^\/uploads\/(\d+)\/(\d{4}-\d{2})\/([a-f0-9]{32}\.(?:jpg|png|gif|webp))$/;

/** Matches an uploaded file (/uploads/…) or an http(s) address; blank is "none". */
export const imageUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^(https?:\/\/|\/uploads\/)/.test(v), m('validation.imageUrl'));

export const moneyInput = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), m('validation.money'));

/** A money or decimal text within the field's `min` and `max` (compared exactly, as decimals). */
function bounded(rule: z.ZodType<string, unknown>, f: FieldDef) {
  const { min, max } = f;
  const valid = (v: string) => /^-?\d+(\.\d+)?$/.test(v);
  let checked = rule;
  if (min !== undefined)
    checked = checked.refine((v) => !valid(v) || new Big(v).gte(min), {
      message: m('validation.min'),
      params: { min },
    });
  if (max !== undefined)
    checked = checked.refine((v) => !valid(v) || new Big(v).lte(max), {
      message: m('validation.max'),
      params: { max },
    });
  return checked;
}

const PHONE = /^(1\d{10}|0\d{2,3}-?\d{7,8})$/;
const REQUIRED = m('validation.required');

/** The value a field has when a create does not give it. */
export function emptyValue(f: FieldDef): unknown {
  if (f.default !== undefined) return f.default;
  switch (f.kind) {
    case 'integer':
      return 0;
    case 'money':
    case 'decimal':
      return '0';
    case 'boolean':
      return false;
    case 'tags':
    case 'images':
    case 'references':
      return [];
    case 'structured':
      return structuredShapes[f.shape!].empty;
    case 'enum':
      return f.values?.[0];
    case 'date':
    case 'datetime':
    case 'reference':
    case 'parent':
      return null;
    default:
      return '';
  }
}

/** A row's id another row points at (a reference, a tree parent), or none. */
const rowId = z
  .number({ error: 'Choose one from the list' })
  .int('Choose one from the list')
  .positive('Choose one from the list')
  .nullable();

/** Rows' ids another row points at (a list of references): each once, in the order given. */
const rowIds = (most: number) =>
  z
    .array(
      z
        .number({ error: m('validation.invalidOption') })
        .int(m('validation.invalidOption'))
        .positive(m('validation.invalidOption')),
      { error: m('validation.invalidOption') },
    )
    .max(most, m('validation.maxItems'))
    .transform((ids) => [...new Set(ids)]);

/** The rule a field's value is checked by on create, update and import. */
export function inputSchema(f: FieldDef): z.ZodType {
  const rule = fieldRule(f);
  // Masked fields come back masked from accounts that may not see them: the server keeps the
  // stored value then (and refuses a masked value anywhere else).
  return f.masked ? rule.or(z.string().refine((v) => isMasked(f.kind, v))) : rule;
}

function fieldRule(f: FieldDef): z.ZodType {
  const textOf = (max: number) => {
    let s = z.string({ error: REQUIRED }).trim().max(max, m('validation.maxLength'));
    if (f.required) s = s.min(1, REQUIRED);
    const bytes = f.maxBytes;
    return bytes
      ? s.refine((v) => utf8Bytes(v) <= bytes, {
          message: m('validation.maxBytes'),
          params: { max: bytes },
        })
      : s;
  };
  switch (f.kind) {
    case 'text': {
      let rule: z.ZodType<string> = textOf(f.max ?? 200);
      const { pattern } = f;
      if (pattern) rule = rule.refine((v) => v === '' || pattern.regex.test(v), pattern.message);
      return withChecks(rule, f);
    }
    case 'longText':
      return textOf(f.max ?? 2000);
    case 'richText':
      return textOf(f.max ?? 200_000);
    case 'secret': {
      // Not trimmed: a password's spaces are its own.
      const rule = z.string().max(f.max ?? 500, m('validation.maxLength'));
      return withChecks(f.required ? rule.min(1, REQUIRED) : rule, f);
    }
    case 'phone':
      return z.string().trim().regex(PHONE, m('validation.phone')).or(z.literal(''));
    case 'integer':
      return z.coerce
        .number({ error: m('validation.integer') })
        .int(m('validation.integer'))
        .min(f.min ?? 0, m('validation.min'))
        .max(f.max ?? 999_999_999, m('validation.max'));
    case 'money':
      return bounded(moneyInput, f);
    case 'decimal': {
      const scale = f.scale ?? 4;
      // Below zero only where the field's own `min` is (a longitude west of Greenwich).
      const sign = f.min !== undefined && f.min < 0 ? '-?' : '';
      const pattern = new RegExp(`^${sign}\\d{1,8}(\\.\\d{1,${scale}})?$`);
      return bounded(
        z
          .union([z.string(), z.number()])
          .transform((v) => String(v).trim())
          .refine((v) => pattern.test(v), { message: m('validation.decimal'), params: { scale } }),
        f,
      );
    }
    case 'enum':
      return z.enum(f.values as [string, ...string[]]);
    case 'boolean':
      return z.boolean();
    // A required one refuses null as it refuses its absence (a campaign's start sent as null
    // reached its NOT NULL column: a 500).
    case 'date':
      return f.required ? day.nullable().refine((v) => v !== null, REQUIRED) : day.nullable();
    case 'datetime':
      return f.required
        ? instant.nullable().refine((v) => v !== null, REQUIRED)
        : instant.nullable();
    case 'image':
      return f.required ? imageUrl.refine((v) => v !== '', REQUIRED) : imageUrl;
    case 'images':
      return z.array(imageUrl).max(f.max ?? 20, m('validation.maxImages'));
    case 'reference':
    case 'parent':
      return f.required ? rowId.refine((v) => v !== null, REQUIRED) : rowId;
    case 'references': {
      const rule = rowIds(f.max ?? 100);
      return f.required ? rule.refine((v) => v.length > 0, REQUIRED) : rule;
    }
    case 'tags': {
      const item = f.itemMax ?? 20;
      const most = f.max ?? 20;
      return z
        .array(z.string().trim().min(1).max(item, m('validation.tagLength')))
        .max(most, m('validation.maxTags'))
        .transform((list) => [...new Set(list)]);
    }
    case 'structured':
      return structuredShapes[f.shape!].schema;
    case 'link': {
      const rule = z
        .string({ error: m('validation.link') })
        .trim()
        .refine((v) => v === '' || parseLink(v) !== null, m('validation.link'));
      return f.required ? rule.refine((v) => v !== '', REQUIRED) : rule;
    }
  }
}

/** A text's own checks (`rule`), each reported when it fails; blank is left to `required`. */
function withChecks(rule: z.ZodType<string>, f: FieldDef): z.ZodType<string> {
  let checked = rule;
  for (const check of checksOf(f))
    checked = checked.refine((v) => v === '' || check.test(v), {
      message: check.message,
      params: check.params,
    });
  return checked;
}

/** What a field answers with. */
export function outputSchema(f: FieldDef): z.ZodType {
  if (f.nullable) return outputSchema({ ...f, nullable: false }).nullable();
  switch (f.kind) {
    case 'integer':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'enum':
      return z.enum(f.values as [string, ...string[]]);
    case 'tags':
    case 'images':
      return z.array(z.string());
    case 'date':
    case 'datetime':
      return z.string().nullable();
    case 'reference':
    case 'parent':
      return z.number().nullable();
    case 'references':
      return z.array(z.number());
    case 'structured':
      return z.unknown();
    default:
      return z.string();
  }
}

/**
 * The titles of the rows a resource's references point at, by field: `{ categoryId: '鞋' }`, or
 * for a list of references the titles of its rows the merchant has, in its order.
 */
const labels = z.record(z.string(), z.union([z.string(), z.array(z.string())]).nullable());

/** A variant resource's screen value: one of its screens'. */
function variantRule(resource: ResourceDef) {
  const values = resource.variants!.screens.map((s) => s.value);
  return z.coerce
    .number({ error: m('validation.chooseList') })
    .int(m('validation.chooseList'))
    .refine((v) => values.includes(v), m('validation.unknownList'));
}

function derive(resource: ResourceDef) {
  const fields = resource.fields as Record<string, FieldDef>;
  const writable = fieldsWhere(resource, isWritable);
  const variant = resource.variants
    ? { [resource.variants.field]: variantRule(resource) }
    : ({} as Record<string, never>);
  // A resource with a screen over every value: its reads and writes of rows may name none.
  const anyVariant =
    resource.variants?.all !== undefined
      ? { [resource.variants.field]: variantRule(resource).optional() }
      : variant;
  const shapeOf = (keys: string[]) =>
    Object.fromEntries(
      keys.map((key) => {
        const f = fields[key]!;
        const rule = inputSchema(f);
        return [key, f.required ? rule : rule.default(emptyValue(f) as never)];
      }),
    );
  const create = z.object({ ...shapeOf(writable), ...variant });
  // An update changes what it names: a field left out keeps its value, and so does a secret left
  // empty; fields given on create only are not taken.
  const update = z.object({
    ...Object.fromEntries(
      fieldsWhere(resource, isUpdatable).map((key) => {
        const f = fields[key]!;
        return [key, inputSchema(f.kind === 'secret' ? { ...f, required: false } : f).optional()];
      }),
    ),
    ...anyVariant,
    id: z.coerce.number().int().positive(),
  });
  const visible = fieldEntries(resource).filter(([, f]) => f.kind !== 'secret');
  const pointing = labelledFields(resource).length > 0 ? { labels } : {};
  const entity = z.object({
    id: z.number(),
    ...Object.fromEntries(visible.map(([key, f]) => [key, outputSchema(f)])),
    ...pointing,
  });
  /** A list row: every field but rich text (a body is read on its own page). */
  const listItem = z.object({
    id: z.number(),
    ...Object.fromEntries(
      visible.filter(([, f]) => f.kind !== 'richText').map(([key, f]) => [key, outputSchema(f)]),
    ),
    ...pointing,
  });

  const filters: Record<string, z.ZodType> = {};
  if (resource.keyword?.length) filters.keyword = optionalText(64);
  for (const [key, f] of fieldEntries(resource)) {
    if (f.filter === 'select' && f.kind === 'enum')
      filters[key] = z.enum(f.values as [string]).optional();
    if (f.filter === 'select' && f.kind === 'boolean') filters[key] = z.boolean().optional();
    if (f.filter === 'select' && (f.kind === 'reference' || f.kind === 'parent'))
      filters[key] = z.coerce.number().int().positive().optional();
    if (f.filter === 'tag') filters[key] = optionalText(f.itemMax ?? 20);
    if (f.filter === 'exact') filters[key] = optionalText(f.max ?? 64);
    if (f.filter === 'range')
      filters[rangeParam(key)] = isNumberKind(f.kind) ? numberRange : dateRange;
  }
  filters.cursor = z.string().max(200).optional();
  Object.assign(filters, anyVariant);
  const sortable = fieldsWhere(resource, (f) => !!f.sortable);
  if (!sortable.includes(resource.defaultSort)) sortable.unshift(resource.defaultSort);
  const list = listParams(filters, sortable as [string, ...string[]], resource.defaultSort);
  const exportParams = list.extend({
    /** The list's visible columns, in its order; all exportable fields when absent. */
    columns: z.array(z.string().max(64)).max(100).optional(),
    /** The UI's language, for the headers, enum texts and the file's name. */
    lang: z.enum(['zh', 'en']).default('zh'),
    /** The browser's offset from UTC in minutes (Date#getTimezoneOffset), for dates and times. */
    tz: z.coerce.number().int().min(-840).max(840).default(-480),
  });
  // Read-only fields import only where the definition says so (a customer's sign-up date).
  const importRow = z.object({ ...shapeOf(fieldsWhere(resource, inImport)), ...variant });

  return {
    create,
    update,
    entity,
    list,
    listItem,
    listResult: listResult(listItem).extend({ nextCursor: z.string().nullable() }),
    detail: idParam.extend(anyVariant),
    remove: idsParam.extend(anyVariant),
    /** The body of a transition (`publish`): the rows it moves. */
    transition: idsParam.extend(anyVariant),
    exportParams,
    importRow,
    /** A picker's search: titles matching `keyword`, or the rows `ids` names. */
    options: z.object({
      keyword: optionalText(64),
      ids: z.array(z.coerce.number().int().positive()).max(200).optional(),
    }),
    /** Drag order: the row, its new parent (a tree) and its place among its new siblings. */
    move: z.object({
      id: z.coerce.number().int().positive(),
      parentId: z.number().int().positive().nullable().optional(),
      index: z.coerce.number().int().min(0).max(100_000),
      ...variant,
    }),
  };
}

export type ResourceSchemas<R> = Omit<
  ReturnType<typeof derive>,
  'create' | 'update' | 'entity' | 'listResult'
> & {
  create: z.ZodType<InputOf<R>>;
  update: z.ZodType<InputOf<R> & { id: number }>;
  entity: z.ZodType<EntityOf<R>>;
  listResult: z.ZodType<{
    total: number;
    totalExact: boolean;
    items: Partial<EntityOf<R>>[];
    nextCursor: string | null;
  }>;
};

const cache = new WeakMap<ResourceDef, unknown>();

/** The zod schemas of a resource's calls (made once per resource). */
export function resourceSchemas<R extends ResourceDef>(resource: R): ResourceSchemas<R> {
  let schemas = cache.get(resource);
  if (!schemas) {
    schemas = derive(resource);
    cache.set(resource, schemas);
  }
  return schemas as ResourceSchemas<R>;
}
