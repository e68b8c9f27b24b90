import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketplaceAccount } from '../../../shared/resources/marketplace-account';
import { marketplaceAccounts } from '../../db/schema/marketplace-account';
import { resourceContract } from '../../kit/resource-contract';
import { FakeSpApi } from '../../marketplace/amazon/fake-sp-api';
import { createOtherMerchant, createTestApp, type TestApp } from '../../test-support';

const sample = {
  name: '亚马逊北美账号',
  marketplace: 'amazon',
  region: 'NA',
  sellerId: 'A2EXAMPLE1SELLER',
  refreshToken: 'Atzr|IwEBIexample-refresh-token',
  marketplaceIds: ['ATVPDKIKX0DER', 'A2EUQ1WTGCTBG2'],
};
resourceContract(
  marketplaceAccount,
  sample,
  { name: '北美主账号', marketplaceIds: ['ATVPDKIKX0DER'] },
  {
    another: (n) => ({ ...sample, name: `${sample.name}-${n}`, sellerId: `A2EXAMPLE${n}SELLER` }),
    env: { JOBS: 'off' },
  },
);

let fake: FakeSpApi;
let t: TestApp;
let token: string;
beforeAll(async () => {
  fake = await new FakeSpApi().start();
});
afterAll(() => fake.stop());
beforeEach(async () => {
  t = await createTestApp({ JOBS: 'off', ...fake.env() });
  token = await t.login();
});
afterEach(() => t.close());
const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();

describe('marketplace accounts', () => {
  it('keeps the refresh token encrypted, never answers it, and keeps it when an update leaves it out', async () => {
    const created = await call('/admin/marketplace-account/create', sample);
    expect(created.code, created.msg).toBe(200);
    expect(created.data).not.toHaveProperty('refreshToken');
    expect(created.data).not.toHaveProperty('refreshTokenEncrypted');
    expect(created.data.status).toBe('unchecked');
    const [row] = await t.db
      .select()
      .from(marketplaceAccounts)
      .where(eq(marketplaceAccounts.id, created.data.id));
    expect(row!.refreshTokenEncrypted).toMatch(/^v1:/);
    expect(row!.refreshTokenEncrypted).not.toContain('example-refresh-token');
    await call('/admin/marketplace-account/update', { id: created.data.id, name: '改名' });
    const [kept] = await t.db
      .select()
      .from(marketplaceAccounts)
      .where(eq(marketplaceAccounts.id, created.data.id));
    expect(kept!.refreshTokenEncrypted).toBe(row!.refreshTokenEncrypted);
    const detail = await call('/admin/marketplace-account/detail', { id: created.data.id });
    expect(JSON.stringify(detail.data)).not.toContain('Atzr');
  });

  it('refuses a new account without a token, and marketplaces outside its region, on their fields', async () => {
    const { refreshToken: _, ...bare } = sample;
    const none = await call('/admin/marketplace-account/create', bare);
    expect(none.data.fields[0].field).toBe('refreshToken');
    const wrong = await call('/admin/marketplace-account/create', {
      ...sample,
      marketplaceIds: ['A1PA6795UKMFR9'],
    });
    expect(wrong.code).not.toBe(200);
    expect(wrong.data.fields[0].field).toBe('marketplaceIds');
    expect(wrong.msg).toContain('A1PA6795UKMFR9');
  });

  it('tests the connection against Amazon: a valid authorization connects, a revoked one fails with Amazon’s words', async () => {
    const seller = fake.addSeller('A2FAKESELLER01', ['ATVPDKIKX0DER']);
    const good = await call('/admin/marketplace-account/create', {
      ...sample,
      sellerId: seller.sellerId,
      refreshToken: seller.refreshToken,
      marketplaceIds: ['ATVPDKIKX0DER'],
    });
    const answer = await call('/admin/marketplace-account/test', { id: good.data.id });
    expect(answer.data, answer.msg).toMatchObject({ status: 'connected', code: 'OK' });
    const exchange = fake.exchanges.at(-1)!;
    expect(exchange).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: seller.refreshToken,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    });
    expect(fake.calls.at(-1)).toMatchObject({
      path: `/listings/2021-08-01/items/${seller.sellerId}`,
      authorized: true,
    });
    // The access token is kept until it expires: a second test asks Amazon without exchanging.
    const exchanges = fake.exchanges.length;
    await call('/admin/marketplace-account/test', { id: good.data.id });
    expect(fake.exchanges.length).toBe(exchanges);

    const revoked = await call('/admin/marketplace-account/create', {
      ...sample,
      sellerId: 'A2REVOKED00001',
      refreshToken: 'Atzr|revoked',
      marketplaceIds: ['ATVPDKIKX0DER'],
    });
    const failed = await call('/admin/marketplace-account/test', { id: revoked.data.id });
    expect(failed.data).toMatchObject({ status: 'failed', code: 'invalid_grant' });
    expect(failed.data.amazonMessage).toContain('invalid grant');
    const list = await call('/admin/marketplace-account/list', {});
    const shown = list.data.items.find((a: { id: number }) => a.id === revoked.data.id);
    expect(shown).toMatchObject({ status: 'failed' });
    expect(shown.checkMessage).toContain('invalid_grant');
    expect(fake.violations).toEqual([]);
  });

  it('tests only the merchant’s own accounts', async () => {
    const created = await call('/admin/marketplace-account/create', sample);
    const other = await createOtherMerchant(t);
    const answer = await call(
      '/admin/marketplace-account/test',
      { id: created.data.id },
      other.token,
    );
    expect(answer.code).toBe(40400);
  });

  it('says the server has no SP-API application when none is configured', async () => {
    await t.close();
    t = await createTestApp({ JOBS: 'off' });
    token = await t.login();
    const created = await call('/admin/marketplace-account/create', sample);
    const answer = await t.post('/admin/marketplace-account/test', { id: created.data.id }, token, {
      'accept-language': 'en',
    });
    expect(answer.json().msg).toContain('AMAZON_LWA_CLIENT_ID');
  });
});
