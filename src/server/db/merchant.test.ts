import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { createMerchant, generatePassword } from './merchant';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

it('creates a merchant whose owner signs in and sees only its own store', async () => {
  const password = generatePassword();
  const created = await createMerchant(t.db, { name: '西湖茶馆', owner: 'teahouse', password });
  expect(created.merchant.id).not.toBe(1);
  const token = await t.login('teahouse', password);
  const profile = (await t.post('/admin/user/detail', {}, token)).json();
  expect(profile.code).toBe(200);
  const accounts = (await t.post('/admin/account/list', {}, token)).json();
  expect(accounts.data.items.map((a: { name: string }) => a.name)).toEqual(['teahouse']);
  // The first merchant's owner still sees only its own.
  const admin = (await t.post('/admin/account/list', {}, await t.login())).json();
  expect(admin.data.items.map((a: { name: string }) => a.name)).toEqual(['admin']);
});

it('says what to fix: a weak password, a bad or taken owner name', async () => {
  await expect(
    createMerchant(t.db, { name: 'x', owner: 'shop2', password: 'short' }),
  ).rejects.toThrow(/^password: /);
  await expect(
    createMerchant(t.db, { name: 'x', owner: '-', password: generatePassword() }),
  ).rejects.toThrow(/^owner: /);
  await expect(
    createMerchant(t.db, { name: 'x', owner: 'ADMIN', password: generatePassword() }),
  ).rejects.toThrow('owner: the account name "ADMIN" is taken');
  await expect(
    createMerchant(t.db, { name: ' ', owner: 'shop2', password: generatePassword() }),
  ).rejects.toThrow(/^name: /);
  // An owner's name with an '@' would read as a sub-account's at a store.
  await expect(
    createMerchant(t.db, { name: 'x', owner: 'boss@main', password: generatePassword() }),
  ).rejects.toThrow(/^owner: /);
});

it('gives the store the code its sub-accounts sign in at, refusing a bad or taken one', async () => {
  const password = generatePassword();
  const created = await createMerchant(t.db, {
    name: '西湖茶馆',
    owner: 'teahouse',
    password,
    code: 'west-lake',
  });
  expect(created.merchant.code).toBe('west-lake');
  const token = await t.login('teahouse', password);
  const made = await t.post(
    '/admin/account/create',
    { name: 'admin', password: 'Clerk-pass1', permissions: ['dashboard'] },
    token,
  );
  expect(made.json().code).toBe(200);
  const clerk = await t.login('admin@west-lake', 'Clerk-pass1');
  const profile = (await t.post('/admin/user/detail', {}, clerk)).json().data;
  expect(profile.merchant.id).toBe(created.merchant.id);
  await expect(
    createMerchant(t.db, { name: 'x', owner: 'shop3', password, code: 'West_Lake' }),
  ).rejects.toThrow(/^code: /);
  await expect(
    createMerchant(t.db, { name: 'x', owner: 'shop3', password, code: 'main' }),
  ).rejects.toThrow('code: the store code "main" is taken');
  // Without a code, a random one.
  const other = await createMerchant(t.db, { name: 'y', owner: 'shop4', password });
  expect(other.merchant.code).toMatch(/^[0-9a-f]{8}$/);
});
