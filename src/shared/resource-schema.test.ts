import { describe, expect, it } from 'vitest';
import { defineResource, secret, tags, text } from './resource';
import { resourceSchemas } from './resource-schema';

const probe = defineResource({
  name: 'probe',
  route: 'probe',
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
});
