import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operationLogs, siteSettings } from '../../db/schema';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());

const DETAILS = {
  websiteName: '小王茶叶店',
  logoUrl: '',
  contactPhone: '0571-88886666',
  contactEmail: 'shop@example.com',
  address: '杭州市西湖区龙井路 1 号',
  icpRecord: '浙ICP备12345678号',
  description: '西湖龙井直供',
};

describe('website settings', () => {
  it('takes 50 parallel first saves without an error, keeping one row and a log per change', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.post('/admin/site/update', { ...DETAILS, websiteName: `店铺 ${i}` }, token),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const rows = await t.db.select().from(siteSettings).where(eq(siteSettings.merchantId, 1));
    expect(rows).toHaveLength(1);
    const saved = (await t.post('/admin/site/detail', {}, token)).json().data.websiteName;
    expect(answers.map((a) => a.json().data.websiteName)).toContain(saved);
    const logs = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'site.update'));
    expect(logs.length).toBeGreaterThanOrEqual(1);
    expect(logs.length).toBeLessThanOrEqual(50);
  });

  it('starts from the platform name, saves the details and answers the new name to the signed-in merchant', async () => {
    const first = (await t.post('/admin/site/detail', {}, token)).json();
    expect(first.data.websiteName).toBe('商户管理后台');
    const saved = (await t.post('/admin/site/update', DETAILS, token)).json();
    expect(saved.data).toEqual(DETAILS);
    expect((await t.post('/admin/site/detail', {}, token)).json().data).toEqual(DETAILS);
    const signedIn = (await t.post('/open/config/website_config', {}, token)).json();
    expect(signedIn.data.website_name).toBe('小王茶叶店');
    // Before sign-in the platform's name stays.
    expect((await t.post('/open/config/website_config', {})).json().data.website_name).toBe(
      '商户管理后台',
    );
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'site.update'));
    expect(log?.detail).toMatchObject({ websiteName: ['商户管理后台', '小王茶叶店'] });
  });

  it('validates the fields', async () => {
    const res = (
      await t.post('/admin/site/update', { ...DETAILS, websiteName: ' ' }, token)
    ).json();
    expect(res.data.fields[0].field).toBe('websiteName');
    const email = (
      await t.post('/admin/site/update', { ...DETAILS, contactEmail: 'nope' }, token)
    ).json();
    expect(email.data.fields[0].field).toBe('contactEmail');
  });

  it('is each merchant’s own and needs its route', async () => {
    await t.post('/admin/site/update', DETAILS, token);
    const other = await createOtherMerchant(t);
    expect((await t.post('/admin/site/detail', {}, other.token)).json().data.websiteName).toBe(
      '商户管理后台',
    );
    const { token: clerk } = await createAccount(t, {
      name: 'clerk',
      permissions: ['client-list'],
    });
    expect((await t.post('/admin/site/update', DETAILS, clerk)).json().code).toBe(40300);
  });
});
