import { describe, expect, it } from 'vitest';
import { date, datetime, defineResource, references, secret, tags, text } from './resource';
import { invalidValues } from './resource-samples';
import { inputSchema, resourceSchemas } from './resource-schema';

const probe = defineResource({
  name: 'probe',
  route: 'probe',
  titles: { zh: { title: '探针' }, en: { title: 'Probe' } },
  table: 'probes',
  menu: { group: '/setting' },
  fields: {
    name: text({ required: true, max: 32, createOnly: true }),
    note: text({ max: 10 }),
    labels: tags(),
    key: secret({
      required: true,
      rule: { test: (v: string) => v.length >= 4, message: 'password.length' },
    }),
  },
  titleField: 'name',
  actions: ['list', 'create', 'update'],
  defaultSort: 'name',
});
const { create, update } = resourceSchemas(probe);

describe('derived schemas', () => {
  it('fills in what a create leaves out, and needs its required fields and secret', () => {
    expect(create.parse({ name: 'a', key: 'abcd' })).toEqual({
      name: 'a',
      note: '',
      labels: [],
      key: 'abcd',
    });
    expect(create.safeParse({ name: 'a', key: '' }).success).toBe(false);
    expect(create.safeParse({ name: 'a' }).success).toBe(false);
    expect(create.safeParse({ name: 'a', key: 'abc' }).error?.issues[0]?.message).toBe(
      'password.length',
    );
  });

  it('takes only what an update names, never a field given on create only', () => {
    expect(update.parse({ id: 1, note: 'x' })).toEqual({ id: 1, note: 'x' });
    expect(update.parse({ id: 1, name: 'b', key: '' })).toEqual({ id: 1, key: '' });
    expect(update.safeParse({ id: 1, key: 'abc' }).success).toBe(false);
    expect(update.safeParse({ id: 1, note: 'x'.repeat(11) }).success).toBe(false);
  });

  it('takes a list of references as positive ids, each once, at most its max', () => {
    const rule = inputSchema(references('product', { max: 3 }));
    expect(rule.parse([3, 1, 3])).toEqual([3, 1]);
    expect(rule.parse([])).toEqual([]);
    expect(rule.safeParse([1, 2, 3, 4]).success).toBe(false);
    for (const bad of invalidValues(references('product', { max: 3 })))
      expect(rule.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    const required = inputSchema(references('product', { required: true }));
    expect(required.safeParse([]).success).toBe(false);
    expect(required.parse([7])).toEqual([7]);
  });

  it('takes only days a calendar has, in years a merchant keeps', () => {
    const day = inputSchema(date());
    expect(day.parse('2024-02-29')).toBe('2024-02-29');
    for (const bad of invalidValues(date()))
      expect(day.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    const at = inputSchema(datetime());
    expect(at.parse('2026-11-27T08:00:00+08:00')).toBe('2026-11-27T08:00:00+08:00');
    for (const bad of invalidValues(datetime()))
      expect(at.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
