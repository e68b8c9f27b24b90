/**
 * A business area declared once: its name (= route = permission key = API segment = dictionary
 * namespace), its fields with their kinds and rules and where each shows, and its actions. The
 * server's routes and schemas, the app's screens, menu entry and labels, and the contract test
 * are derived from it (see resource-schema.ts, server/kit/resource-routes.ts,
 * web/kit/resource-screen.tsx). This file is plain data on purpose: the shell reads the menu
 * entries without loading zod or any screen.
 */

import type { MessageKey, ResourceMessageKey } from './messages';
import type { StructuredShape } from './structured';

export type FieldKind =
  | 'text'
  | 'longText'
  | 'richText'
  | 'integer'
  | 'money'
  | 'decimal'
  | 'enum'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'image'
  | 'images'
  | 'tags'
  | 'phone'
  | 'secret'
  | 'reference'
  | 'references'
  | 'parent'
  | 'structured'
  | 'link';

/**
 * How a list filters on a field: text search, one choice, tag contained, a date or number range,
 * or the whole text as typed (a buyer: found by its index, where a search would read every row).
 */
export type FilterKind = 'keyword' | 'select' | 'tag' | 'range' | 'exact';

/** A check a text must pass, and what to say when it does not. */
export interface FieldRule {
  test(value: string): boolean;
  message: MessageKey | ResourceMessageKey;
  /** The message's parameters (`{ min: 8 }`). */
  params?: Record<string, string | number>;
}

export interface FieldOptions {
  /** Must be given on create (and not blank). */
  required?: boolean;
  /**
   * Text: most characters; tags: most tags; references: most rows (100 by default);
   * integer/money: largest value.
   */
  max?: number;
  /** Integer/money: smallest value. */
  min?: number;
  /** Tags: most characters of one tag. */
  itemMax?: number;
  /** Decimal: digits after the point (4 by default). */
  scale?: number;
  /** Text: most bytes in UTF-8 (a marketplace counts search terms in bytes, not characters). */
  maxBytes?: number;
  /**
   * Text and secret: checks a value must pass beyond its pattern (a barcode's check digit, a
   * password's policy), each with why not (a text of the area's dictionary, `goods-upc:rules.code`,
   * or a catalogue id, shared/messages); every check that fails is reported.
   */
  rule?: FieldRule | readonly FieldRule[];
  /** No two of the merchant's rows hold the same value (a unique index on merchant and column). */
  unique?: boolean;
  /** Text: a pattern it must match, and what to say when it does not (as `rule`'s message). */
  pattern?: { regex: RegExp; message: MessageKey | ResourceMessageKey };
  /** Written by the server only (derived figures, timestamps): never in a form or an import. */
  readOnly?: boolean;
  /**
   * Given on create only (an account's sign-in name): in the create form and call, shown
   * read-only when editing, never changed by an update.
   */
  createOnly?: boolean;
  /**
   * Not a column: the area's `decorate` hook fills it in on every answer (with `readOnly`; never
   * sorted, filtered, exported or imported by the kit).
   */
  computed?: boolean;
  /**
   * A read-only figure some rows lack (a new house has no total): answered as null. Dates,
   * datetimes and references may be null whatever this says.
   */
  nullable?: boolean;
  /**
   * A list column (true, or its width in px: its cell's text is cut with an ellipsis past it and
   * named in full on hover). The title field's width caps its cell (320 px by default).
   */
  list?: boolean | number;
  /**
   * A list column shown only once chosen in the list's column choices: a low-value one, so that
   * the columns a list shows by default fit a 1440 px screen beside its pinned actions.
   */
  listHidden?: boolean;
  /**
   * Fields shown in this field's list cell, each on a line of its own under its value (a price
   * over its stock), and exported with it: not columns of their own. Not sortable ones: the
   * column sorts by this field only.
   */
  listWith?: readonly string[];
  /** The list sorts by it (needs an index on (merchant_id, column, id)). */
  sortable?: boolean;
  filter?: FilterKind;
  /** In the add/edit form; writable fields are by default. */
  form?: boolean;
  /**
   * In the form only while another field holds one of these values (a coupon's dates for fixed
   * validity, its days for a validity counted from claiming); a hidden field is not sent.
   */
  shownWhen?: { field: string; is: readonly string[] };
  /** In the detail drawer; every field is by default. */
  detail?: boolean;
  /** A column of the Excel export; every list or detail field is by default. */
  export?: boolean;
  /** A column of the import file; writable fields are by default. */
  import?: boolean;
  /** Shown masked unless the account has this permission (e.g. `client-list.phone`). */
  masked?: string;
  /** The value a create gets when the field is not given. */
  default?: unknown;
  /** Parent: how many levels the tree may have (a root is level 1); 5 by default. */
  maxDepth?: number;
}

export interface FieldDef<K extends FieldKind = FieldKind> extends FieldOptions {
  kind: K;
  /** Enum: the values, in the order shown. */
  values?: readonly string[];
  /** Reference(s): the name of the resource whose rows it points at. */
  to?: string;
  /** Structured: the name of its shape in shared/structured.ts. */
  shape?: StructuredShape;
}

// The options keep their literal types, so `readOnly: true` leaves a field out of InputOf.
const field =
  <K extends FieldKind>(kind: K) =>
  <const O extends FieldOptions = Record<never, never>>(options?: O): FieldDef<K> & O =>
    ({ kind, ...options }) as FieldDef<K> & O;

export const text = field('text');
export const longText = field('longText');
export const richText = field('richText');
export const integer = field('integer');
/** Yuan as an exact decimal string with at most two decimals. */
export const money = field('money');
/** An exact decimal with `scale` places (an exchange rate, a percentage), as a string. */
export const decimal = field('decimal');
export const boolean = field('boolean');
export const date = field('date');
export const datetime = field('datetime');
export const image = field('image');
export const images = field('images');
export const tags = field('tags');
/** Mainland mobile numbers (11 digits from 1), or landlines with an area code. */
export const phone = field('phone');
/**
 * Write-only: never answered, recorded as changed without its value; an update that leaves it out
 * or empty keeps the stored one. Without a column of its name, the area's `beforeWrite` stores
 * it (a password as its hash).
 */
export const secret = field('secret');
/**
 * The id of one of the merchant's rows of another resource (`to`, its name), or null: a goods'
 * category. Picked by a search of that resource's titles; a row still pointed at is not deleted.
 */
export function reference<const O extends FieldOptions = Record<never, never>>(
  to: string,
  options?: O,
): FieldDef<'reference'> & { to: string } & O {
  return { kind: 'reference', to, ...options } as FieldDef<'reference'> & { to: string } & O;
}
/**
 * The ids of some of the merchant's rows of another resource (`to`, its name), none by default: a
 * campaign's categories. Kept as a list of ids (at most `max`, each once); picked by a search of
 * that resource's titles, shown as their titles; a row still pointed at is not deleted.
 */
export function references<const O extends FieldOptions = Record<never, never>>(
  to: string,
  options?: O,
): FieldDef<'references'> & { to: string } & O {
  return { kind: 'references', to, ...options } as FieldDef<'references'> & { to: string } & O;
}
/**
 * The row's parent in a tree of the same resource, or null for a root (categories). The list
 * shows the tree, a row moves by dragging, and a row with children is not deleted.
 */
export const treeParent = field('parent');
/**
 * Where a tap leads (shared/link.ts): one of the merchant's products or articles, a storefront
 * page or a web address, as one text. Picked with the kit's link picker; the server refuses a row
 * the merchant does not have, and the list names the row it points at.
 */
export const link = field('link');
/**
 * A value with parts (a product's specs, a week's opening hours), kept as JSON and checked by its
 * shape's schema (named here, defined in shared/structured.ts, so that this file needs no zod).
 * The area's web override gives its form control and its cell; never listed, exported or imported.
 */
export function structured<const O extends FieldOptions = Record<never, never>>(
  shape: StructuredShape,
  options?: O,
): FieldDef<'structured'> & { shape: StructuredShape } & O {
  return { kind: 'structured', shape, ...options } as FieldDef<'structured'> & {
    shape: StructuredShape;
  } & O;
}
export function enumOf<
  const V extends readonly [string, ...string[]],
  const O extends FieldOptions = Record<never, never>,
>(values: V, options?: O): FieldDef<'enum'> & { values: V } & O {
  return { kind: 'enum', values, ...options } as FieldDef<'enum'> & { values: V } & O;
}

/** A named change of state (`publish`, `ship`): its own call and button, on the screen's route. */
export interface TransitionDef {
  from: readonly string[];
  to: string;
  /** The status field it moves; `status` by default. */
  field?: string;
  /**
   * Asked before it moves rows, naming the row and the action: a move a merchant does not take
   * back lightly (a house reserved or sold).
   */
  confirm?: boolean;
}

/** The field a transition moves. */
export const transitionField = (t: TransitionDef) => t.field ?? 'status';

export type ResourceAction =
  | 'list'
  | 'detail'
  | 'create'
  | 'update'
  | 'delete'
  | 'export'
  | 'import'
  | 'order';

/** An area's names in one language (`ResourceDef.titles`). */
export interface AreaTitles {
  /** The list's name: the export's file and sheet, the dictionary's `title`. */
  title: string;
  /** The edit form's title (and the add/edit page's, unless `page`). */
  edit?: string;
  /** The screen's name in the menu when it is not `title`. */
  menu?: string;
  /** The add/edit page's name when it is not `edit`. */
  page?: string;
  /** Each variant screen's name, by its route. */
  screens?: Record<string, string>;
  /** What each of `permissions` allows (`phone` of `client-list.phone`), after the screen's name. */
  permissions?: Record<string, string>;
}

/** The `title` and `edit` of a resource's dictionary in `language`: from its definition. */
export const titlesOf = (resource: ResourceDef, language: 'zh' | 'en') => ({
  title: resource.titles[language].title,
  edit: resource.titles[language].edit ?? '',
});

// `keyof F` makes F invariant: the default must accept every resource's own fields.
// biome-ignore lint/suspicious/noExplicitAny: any resource, whatever its fields.
export interface ResourceDef<F extends Record<string, FieldDef> = any> {
  /** API segment, dictionary namespace, operation-log area and folder name. */
  name: string;
  /** The spec's route name: the screen's path and the permission key. */
  route: string;
  /** The database table's name (the server finds the drizzle table by it). */
  table: string;
  /**
   * The area's names in each language, the only copy: its dictionary's `title` and `edit`
   * (`titlesOf`), and the shell's titles of its screens, pages and permissions (the menu, tabs,
   * breadcrumbs, the accounts' permission tree: `resourceRouteTitles`), which show before the
   * area's dictionary loads.
   */
  titles: Record<'zh' | 'en', AreaTitles>;
  /**
   * Where the screen sits in the menu: the group's path in the route catalog, its place among
   * the group's screens (0 = first), and its icon.
   */
  menu: { group: string; icon?: string; order?: number };
  fields: F;
  /** The field that names a row (the title column, the detail drawer's title, the log's target). */
  titleField: keyof F & string;
  /** Fields the list's keyword filter searches (case-insensitive contains). */
  keyword?: readonly (keyof F & string)[];
  actions: readonly ResourceAction[];
  transitions?: Record<string, TransitionDef>;
  defaultSort: keyof F & string;
  defaultOrder?: 'asc' | 'desc';
  /** Permissions within the screen (e.g. seeing full phone numbers), under its route. */
  permissions?: readonly string[];
  /**
   * One resource shown as several screens, each its own route and permission: `field` is fixed
   * per screen (the ten article lists). Every call then names its screen's value, and a row is
   * reached only through its own screen. `route` is the first screen's.
   */
  variants?: {
    field: keyof F & string;
    /** The add/edit page's path parameter that carries the value. */
    param: string;
    /** Each screen's route and value; `group` puts it under another menu group than the area's. */
    screens: readonly { route: string; value: number; group?: string; order?: number }[];
    /**
     * A screen over every value (the carousels of every position): its calls name no value, or
     * any one, and its rows show the field. Drag order stays on the screens of one value.
     */
    all?: { route: string; group?: string; order?: number };
  };
  /**
   * Add and edit on a page of its own (a hidden route, allowed with the resource's screens), not
   * in a drawer: for long forms such as an article with its body.
   */
  page?: { route: string };
  /**
   * Drag order (the `order` action): the integer field that holds a row's place among its
   * siblings (its tree parent's children, or all rows). New rows go last; `move` renumbers.
   */
  orderField?: keyof F & string;
  /**
   * Import: the field that finds a row already there (a customer's phone), so that a repeated
   * row is reported and skipped or updated, never added twice; values an imported row gets.
   */
  importKey?: keyof F & string;
  importDefaults?: Partial<Record<keyof F & string, unknown>>;
  /**
   * One row per merchant (its settings): the screen is the row's form, and `POST
   * /admin/<name>/get` answers the row, made with the fields' defaults (and the area's `firstRow`
   * hook's values) on the first call (the table needs a unique index on merchant_id). Takes the
   * `detail` and `update` actions.
   */
  single?: boolean;
  /**
   * Rows of another resource's table (named here) seen from a screen of their own: the
   * promotion's view of the storefront's orders. The area's `scope` hook picks its rows; the
   * header search finds them under the other resource only.
   */
  viewOf?: string;
}

/**
 * The permission importing into an area needs besides its screen's: an import matches the rows
 * already there by its key, and a key the account sees masked (a customer's phone without
 * `client-list.phone`) would so be searched, a guessed number telling whether it is there.
 */
export const importKeyPermission = (resource: ResourceDef): string | undefined =>
  resource.importKey ? resource.fields[resource.importKey]?.masked : undefined;

/** The routes a resource's list shows under: its variants' or its own. */
export function screenRoutes(resource: ResourceDef): string[] {
  const variants = resource.variants;
  if (!variants) return [resource.route];
  return [...variants.screens.map((s) => s.route), ...(variants.all ? [variants.all.route] : [])];
}

/**
 * Where a row opens in the app: a single-row resource's screen, its add/edit page (with its
 * variant's value), else its list searched for its title.
 */
export function rowLink(
  resource: ResourceDef,
  row: { id: number; title: unknown; variant?: unknown },
): string {
  // A single-row resource's screen is its row.
  if (resource.single) return `/${resource.route}`;
  const page = resource.page?.route;
  if (page) return `/${page}${resource.variants ? `/${row.variant}` : ''}?id=${row.id}`;
  return `/${resource.route}?keyword=${encodeURIComponent(String(row.title))}`;
}

/** The route (permission) of the screen a variant value belongs to; no value: the all screen's. */
export function variantRoute(resource: ResourceDef, value: unknown): string | undefined {
  if (!resource.variants) return resource.route;
  if (value === undefined || value === null || value === '') return resource.variants.all?.route;
  return resource.variants.screens.find((s) => s.value === Number(value))?.route;
}

export function defineResource<const F extends Record<string, FieldDef>>(
  definition: ResourceDef<F>,
): ResourceDef<F> {
  const named = [definition.titleField, definition.defaultSort, ...(definition.keyword ?? [])];
  if (definition.orderField) named.push(definition.orderField);
  for (const key of named)
    if (!(key in definition.fields)) throw new Error(`${definition.name}: no field ${key}`);
  if (definition.actions.includes('order') && !definition.orderField)
    throw new Error(`${definition.name}: the order action needs an orderField`);
  for (const [key, f] of Object.entries(definition.fields))
    for (const joined of f.listWith ?? []) {
      const other = definition.fields[joined];
      if (!other || other.sortable || other.listWith || joined === key)
        throw new Error(`${definition.name}: ${key} lists ${joined} with it (unknown or sortable)`);
    }
  return definition;
}

/** A text's length in UTF-8 bytes (汉字 count 3, as marketplaces count them). */
export const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** The name of a date-range filter's parameter. */
export const rangeParam = (field: string) => `${field}Range`;

/** Everything a create or update may write. */
export const isWritable = (f: FieldDef) => !f.readOnly;
/** What an update may change: writable fields but those given on create only. */
export const isUpdatable = (f: FieldDef) => isWritable(f) && !f.createOnly;
/** A field's checks beyond its kind's (`rule`), as a list. */
export const checksOf = (f: FieldDef): readonly FieldRule[] =>
  f.rule ? (Array.isArray(f.rule) ? f.rule : [f.rule as FieldRule]) : [];
export const inForm = (f: FieldDef) => f.form ?? !f.readOnly;
export const inList = (f: FieldDef) => !!f.list && f.kind !== 'secret' && f.kind !== 'structured';
/** The fields shown in another's list cell (its `listWith`): not columns of their own. */
export const listedWith = (resource: ResourceDef): Set<string> =>
  new Set(fieldEntries(resource).flatMap(([, f]) => f.listWith ?? []));
export const inDetail = (f: FieldDef) => (f.detail ?? true) && f.kind !== 'secret';
export const inExport = (f: FieldDef) =>
  (f.export ?? (inList(f) || inDetail(f))) &&
  f.kind !== 'secret' &&
  f.kind !== 'richText' &&
  f.kind !== 'structured' &&
  !f.computed;
/** Import columns: writable fields, but not secrets nor row ids (references, a tree parent). */
export const inImport = (f: FieldDef) =>
  (f.import ?? (!f.readOnly && !pointsAtRows(f))) && f.kind !== 'secret' && f.kind !== 'structured';

/** A tree resource's parent field. */
export function parentField(resource: ResourceDef): string | undefined {
  return fieldEntries(resource).find(([, f]) => f.kind === 'parent')?.[0];
}

/** Link fields (shared/link.ts): they may point at a row of a LINK_TARGETS resource. */
export function linkFields(resource: ResourceDef): string[] {
  return fieldEntries(resource).flatMap(([key, f]) => (f.kind === 'link' ? [key] : []));
}

/** Fields whose row the answer names in `labels`: references, the tree parent and links. */
export function labelledFields(resource: ResourceDef): string[] {
  return [...referenceFields(resource).map(([key]) => key), ...linkFields(resource)];
}

/** Whether a field holds ids of rows: a reference, references or a tree parent. */
export const pointsAtRows = (f: FieldDef) =>
  f.kind === 'reference' || f.kind === 'references' || f.kind === 'parent';

/**
 * Fields pointing at rows (references, lists of references and the tree parent), with the
 * resource each points at.
 */
export function referenceFields(resource: ResourceDef): [string, string][] {
  return fieldEntries(resource).flatMap(([key, f]): [string, string][] =>
    (f.kind === 'reference' || f.kind === 'references') && f.to
      ? [[key, f.to]]
      : f.kind === 'parent'
        ? [[key, resource.name]]
        : [],
  );
}

/** The resource's fields with their names. */
export function fieldEntries(resource: ResourceDef): [string, FieldDef][] {
  return Object.entries(resource.fields as Record<string, FieldDef>);
}

export function fieldsWhere<F extends Record<string, FieldDef>>(
  resource: ResourceDef<F>,
  test: (f: FieldDef) => boolean,
): (keyof F & string)[] {
  return fieldEntries(resource)
    .filter(([, f]) => test(f))
    .map(([key]) => key);
}

export function has(resource: ResourceDef, action: ResourceAction): boolean {
  return resource.actions.includes(action);
}

/** 13812341234 → 138****1234. */
export function maskPhone(value: string): string {
  if (value.length < 7) return value ? '****' : '';
  return `${value.slice(0, 3)}****${value.slice(-4)}`;
}

/** Whether a value is one maskValue gives (an account without the permission sends it back). */
export function isMasked(kind: FieldKind, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return kind === 'phone' ? /^(\d{3})?\*{4}(\d{4})?$/.test(value) : value === '****';
}

/** A masked field's value as an account without its permission sees it. */
export function maskValue(kind: FieldKind, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return kind === 'phone' ? maskPhone(value) : value ? '****' : '';
}

/** An area's texts in one language (src/shared/resources/<name>.<lang>.ts). */
export interface ResourceDictionary {
  /** The list's name: the export's file and sheet name. */
  title: string;
  /** What one row is called (“article”), e.g. in “article not found”. */
  noun?: string;
  /** The add button's and the new form's title, and the edit form's title. */
  new: string;
  edit: string;
  fields: Record<string, string>;
  enums?: Record<string, Record<string, string>>;
  /** Placeholder of the keyword filter (what it searches). */
  keywordPlaceholder?: string;
  /** A line of help beside a form field, by field. */
  help?: Record<string, string>;
  /** Why a field's own rule refused a value (its `rule` or `pattern` names `<area>:rules.<field>`). */
  rules?: Record<string, string>;
  /** Each transition's button text (“Publish”). */
  transitions?: Record<string, string>;
  /** Texts of the area's own screens and calls. */
  [own: string]: unknown;
}

type EnumKeys<F> = { [K in keyof F]: F[K] extends { kind: 'enum' } ? K : never }[keyof F];
type BooleanKeys<F> = { [K in keyof F]: F[K] extends { kind: 'boolean' } ? K : never }[keyof F];
/** A dictionary that names every field and every enum value of `R`. */
export type DictionaryOf<R> =
  R extends ResourceDef<infer F>
    ? ResourceDictionary & {
        fields: Record<keyof F & string, string>;
        enums: {
          [K in EnumKeys<F>]: F[K] extends { values: infer V extends readonly string[] }
            ? Record<V[number], string>
            : never;
        } & {
          /** A yes/no field's two texts (“shown” / “hidden”); yes and no without them. */
          [K in BooleanKeys<F>]?: { true: string; false: string };
        };
      }
    : never;

/** Whether a field's range filter is over numbers (else over dates). */
export const isNumberKind = (kind: string) =>
  kind === 'integer' || kind === 'money' || kind === 'decimal';
