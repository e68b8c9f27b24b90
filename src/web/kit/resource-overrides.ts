import type { ComponentType, Key, ReactNode } from 'react';
import { type FieldDef, type ResourceDef, referenceFields } from '../../shared/resource';
import { resources } from '../../shared/resources';

/** A row of a resource as its calls answer it. */
export type ResourceRow = { id: number } & Record<string, unknown>;

/** A field's control in the form: `value` and `onChange` as antd's Form.Item gives them. */
export type FieldControl = ComponentType<{
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}>;

/** What an area changes of its derived screen (src/web/features/<name>/index.tsx, default export). */
export interface ResourceOverrides {
  /** A list cell and its detail value, by field. */
  cells?: Record<string, (value: unknown, row: ResourceRow) => ReactNode>;
  /** A form control, by field. */
  fields?: Record<string, FieldControl>;
  /**
   * Sections added under the detail drawer's fields, and under the form's (inside the form:
   * `Form.useWatch` reads what is being typed).
   */
  sections?: {
    detail?: ComponentType<{ row: ResourceRow }>;
    /** Shown above the detail drawer's fields (an order's buttons). */
    detailTop?: ComponentType<{ row: ResourceRow }>;
    /** `row`: the row being edited (null for a new one). */
    form?: ComponentType<{ row: ResourceRow | null }>;
  };
  /**
   * The detail drawer's fields for a row in titled groups (each titled by the dictionary's
   * `sections.<key>`), in this order, a field the row has no value for left out (as a group left
   * with none); without it, every detail field in one list.
   */
  detailGroups?(row: ResourceRow): readonly { key: string; fields: readonly string[] }[];
  /** The question asked before deleting these rows, when the area has more to say (ListScreen). */
  deleteQuestion?(ids: Key[]): Promise<string | undefined>;
  /** Buttons beside Add in the toolbar. */
  toolbar?: ComponentType;
  /** The area's own action on the chosen rows (one that asks for more, as shipping does). */
  bulk?: ComponentType<{ ids: Key[]; onDone(): void }>;
  /**
   * Buttons of the area's own in each row's actions, before Edit (a test print, a QR code), and
   * the width they need in px.
   */
  rowActions?: { render: ComponentType<{ row: ResourceRow }>; width: number };
  /**
   * Whether a row offers an action: a transition its status allows, by its name, or `'edit'`
   * (every one by default): e.g. only a sandbox printer is switched online by hand, and the
   * owner's account is not edited.
   */
  offers?(action: string, row: ResourceRow): boolean;
  /**
   * Whether a row waits on someone outside the merchant (a marketplace confirming a buyer's
   * payment): while a row shown does, the list asks again every few seconds, so it changes on
   * screen without a reload.
   */
  waiting?(row: ResourceRow): boolean;
  /**
   * After a row is saved from the kit's form (created or updated), with the row as answered: what
   * else the app shows of it (the website's name in the title and the sidebar).
   */
  onSaved?(row: ResourceRow): void;
  /**
   * The fields a phone's narrow list shows besides the title and the actions; the first choice
   * field (a status, a gender) by default.
   */
  phoneColumns?: readonly string[];
  /**
   * A compact row on a phone: what the title cell shows under the title (an order's state, sum
   * and dishes), in place of any other column but the actions.
   */
  phoneSummary?: ComponentType<{ row: ResourceRow }>;
  /**
   * The area's form part (`form.tsx` beside `index.tsx`), set by the screen loader: loaded when a
   * form opens, so that a list screen does not load its form's controls (and their libraries).
   */
  form?(): Promise<FormOverrides>;
}

/** What only an area's form needs: its own controls and the section under its fields. */
export type FormOverrides = Pick<ResourceOverrides, 'fields'> & {
  sections?: Pick<NonNullable<ResourceOverrides['sections']>, 'form'>;
};

/** The area's changes with its form part in them. */
export const withFormPart = (own: ResourceOverrides, part: FormOverrides): ResourceOverrides => ({
  ...own,
  fields: { ...own.fields, ...part.fields },
  sections: { ...own.sections, ...part.sections },
  form: undefined,
});

const formParts = new WeakMap<NonNullable<ResourceOverrides['form']>, Promise<FormOverrides>>();

/** The form part's one load (started when a form is about to open); none when it has none. */
export function formPartOf(own: ResourceOverrides): Promise<FormOverrides> | undefined {
  if (!own.form) return undefined;
  let part = formParts.get(own.form);
  if (!part) {
    part = own.form();
    formParts.set(own.form, part);
  }
  return part;
}

/**
 * The lists a write to `resource`'s rows may change: its own, those of the rows it points at
 * (a broker counts its listings) and the other views of its table (the promotion's orders).
 */
export function affectedLists(resource: ResourceDef): string[][] {
  const names = new Set([resource.name]);
  for (const [, to] of referenceFields(resource)) names.add(to);
  const table = resource.viewOf ?? resource.name;
  for (const other of resources)
    if (other.name === table || other.viewOf === table) names.add(other.name);
  return [...names].map((name) => [`/admin/${name}`]);
}

/** A resource form's name: its `<form id>`, which a drawer's Save button submits. */
export const formName = (resource: ResourceDef, id?: number) => `${resource.name}-${id ?? 'new'}`;

/**
 * What a cell shows of a field: a reference's title (the row's `labels`), a list of references'
 * titles, a link with the title of the row it points at (`[link, title]`), else its value.
 */
export const shownValue = (key: string, f: FieldDef, row: ResourceRow) => {
  const label = (row.labels as Record<string, string | string[] | null> | undefined)?.[key];
  if (f.kind === 'reference' || f.kind === 'parent' || f.kind === 'references') return label;
  if (f.kind === 'link') return row[key] ? [row[key], label ?? null] : '';
  return row[key];
};
