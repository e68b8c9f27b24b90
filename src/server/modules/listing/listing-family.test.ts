import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listings } from '../../db/schema/listing';
import { createOtherMerchant, createTestApp, type TestApp } from '../../test-support';

/**
 * A variation family on /listing: the list answers each row's part in it (a parent names its
 * theme, a child its parent), and the family filter (a parent's seller SKU) finds the parent with
 * its children, never another merchant's rows of the same SKUs.
 */
let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp({ JOBS: 'off' });
  token = await t.login();
});
afterEach(() => t.close());

/** A family as a feed leaves it: a parent without price or stock, two children; and a single. */
async function family(merchantId: number, title: string) {
  const row = (sellerSku: string, parentSku: string, variationTheme: string, price: string) => ({
    merchantId,
    marketplace: 'amazon' as const,
    site: 'US',
    sellerSku,
    listingId: `B-${sellerSku}`,
    title,
    price,
    currency: 'USD',
    stock: price === '0' ? 0 : 5,
    status: 'active' as const,
    parentSku,
    variationTheme,
  });
  await t.db
    .insert(listings)
    .values([
      row('TEE-M-PARENT', '', 'SizeColor', '0'),
      row('TEE-M', 'TEE-M-PARENT', 'SizeColor', '19.99'),
      row('TEE-L', 'TEE-M-PARENT', 'SizeColor', '21.99'),
      row('MUG', '', '', '9.99'),
    ]);
}

const list = async (params: Record<string, unknown>, as = token) => {
  const res = (await t.post('/admin/listing/list', { page: 1, limit: 20, ...params }, as)).json();
  expect(res.code, JSON.stringify(res)).toBe(200);
  return res.data.items as Record<string, unknown>[];
};
const bySku = (items: Record<string, unknown>[]) =>
  Object.fromEntries(
    items.map((i) => [i.sellerSku, [i.parentSku, i.variationTheme, i.title]] as const),
  );

describe('listing: variation families', () => {
  it('answers each row’s parent and theme, and finds a family by its parent, the merchant’s own only', async () => {
    await family(1, 'Ours');
    const other = await createOtherMerchant(t);
    await family(other.merchant.id, 'Theirs');

    expect(bySku(await list({}))).toEqual({
      'TEE-M-PARENT': ['', 'SizeColor', 'Ours'],
      'TEE-M': ['TEE-M-PARENT', 'SizeColor', 'Ours'],
      'TEE-L': ['TEE-M-PARENT', 'SizeColor', 'Ours'],
      MUG: ['', '', 'Ours'],
    });
    // The family: the parent and its children, not the single, not the other merchant's family.
    expect(bySku(await list({ parentSku: 'TEE-M-PARENT' }))).toEqual({
      'TEE-M-PARENT': ['', 'SizeColor', 'Ours'],
      'TEE-M': ['TEE-M-PARENT', 'SizeColor', 'Ours'],
      'TEE-L': ['TEE-M-PARENT', 'SizeColor', 'Ours'],
    });
    expect(await list({ parentSku: 'NO-SUCH-PARENT' })).toEqual([]);
    // The other merchant sees its own family only.
    const theirs = await list({ parentSku: 'TEE-M-PARENT' }, other.token);
    expect(theirs.map((i) => i.title)).toEqual(['Theirs', 'Theirs', 'Theirs']);

    // Read-only: an update does not move a child out of its family.
    const child = (await list({ keyword: 'TEE-L' }))[0]!;
    await t.post(
      '/admin/listing/update',
      { id: child.id, parentSku: '', variationTheme: '', stock: 6 },
      token,
    );
    const [after] = await list({ keyword: 'TEE-L' });
    expect([after!.parentSku, after!.variationTheme]).toEqual(['TEE-M-PARENT', 'SizeColor']);
  });
});
