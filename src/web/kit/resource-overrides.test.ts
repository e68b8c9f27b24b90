import { describe, expect, it, vi } from 'vitest';
import { type FormOverrides, formPartOf, withFormPart } from './resource-overrides';

const Editor = () => null;
const Section = () => null;
const Detail = () => null;

describe('an area’s form part', () => {
  it('is none for an area without one', () => {
    expect(formPartOf({ cells: {} })).toBeUndefined();
  });

  it('loads once, however many forms open', async () => {
    const part: FormOverrides = { fields: { specs: Editor } };
    const form = vi.fn(async () => part);
    const own = { form };
    const first = formPartOf(own);
    expect(formPartOf(own)).toBe(first);
    expect(formPartOf({ ...own })).toBe(first);
    expect(await first).toBe(part);
    expect(form).toHaveBeenCalledTimes(1);
  });

  it('joins the list’s changes, keeping its cells and its detail section', () => {
    const cell = (value: unknown) => String(value);
    const joined = withFormPart(
      { cells: { specs: cell }, sections: { detail: Detail }, form: async () => ({}) },
      { fields: { specs: Editor }, sections: { form: Section } },
    );
    expect(joined.cells?.specs).toBe(cell);
    expect(joined.fields?.specs).toBe(Editor);
    expect(joined.sections).toEqual({ detail: Detail, form: Section });
    expect(joined.form).toBeUndefined();
  });
});
