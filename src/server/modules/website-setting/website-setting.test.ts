import { eq, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { websiteSetting } from '../../../shared/resources/website-setting';
import { operationLogs } from '../../db/schema/operation-log';
import { siteSettings } from '../../db/schema/site';
import { resourceContract } from '../../kit/resource-contract';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';

const DETAILS = {
  websiteName: '小王茶叶店',
  logoUrl: '',
  contactPhone: '0571-88886666',
  contactEmail: 'shop@example.com',
  address: '杭州市西湖区龙井路 1 号',
  icpRecord: '浙ICP备12345678号',
  description: '西湖龙井直供',
};

resourceContract(websiteSetting, DETAILS, { websiteName: '老王茶叶店', contactPhone: '' });

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());
const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();
const mine = async (as = token) => (await call('/admin/website-setting/get', {}, as)).data;

describe('website settings', () => {
  it('takes 50 parallel first saves without an error, keeping one row and a log per change', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const { id } = await mine();
        return t.post(
          '/admin/website-setting/update',
          { ...DETAILS, websiteName: `店铺 ${i}`, id },
          token,
        );
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const rows = await t.db.select().from(siteSettings).where(eq(siteSettings.merchantId, 1));
    expect(rows).toHaveLength(1);
    const saved = (await mine()).websiteName;
    expect(answers.map((a) => a.json().data.websiteName)).toContain(saved);
    const logs = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'website-setting.update'));
    expect(logs.length).toBeGreaterThanOrEqual(1);
    expect(logs.length).toBeLessThanOrEqual(50);
  });

  it('starts from the platform name, saves the details and answers the new name to the signed-in merchant', async () => {
    // The platform's row (without a merchant) names a new merchant's website.
    await t.db
      .update(siteSettings)
      .set({ websiteName: '平台名称' })
      .where(isNull(siteSettings.merchantId));
    expect((await call('/open/config/website_config')).data.website_name).toBe('平台名称');
    const first = await mine();
    expect(first).toMatchObject({ websiteName: '平台名称', contactEmail: '', logoUrl: '' });
    const saved = await call('/admin/website-setting/update', { ...DETAILS, id: first.id });
    expect(saved.data).toMatchObject(DETAILS);
    expect(await mine()).toMatchObject(DETAILS);
    const signedIn = await call('/open/config/website_config');
    expect(signedIn.data.website_name).toBe('小王茶叶店');
    // Before sign-in the platform's name stays.
    expect((await t.post('/open/config/website_config', {})).json().data.website_name).toBe(
      '平台名称',
    );
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'website-setting.update'));
    expect(log?.detail).toMatchObject({ websiteName: ['平台名称', '小王茶叶店'] });
    expect(log?.targetId).toBe(String(first.id));
    // The log names the settings by their website name and opens their screen.
    const entry = (await call('/admin/operation-log/list', {})).data.items[0];
    expect(entry).toMatchObject({ targetName: '小王茶叶店', targetLink: '/website-setting' });
  });

  it('answers a merchant that never opened its settings the platform name, making no row', async () => {
    expect((await call('/open/config/website_config')).data.website_name).toBe('商户管理后台');
    const rows = await t.db.select().from(siteSettings).where(eq(siteSettings.merchantId, 1));
    expect(rows).toEqual([]);
  });

  it('validates the fields, naming each', async () => {
    const { id } = await mine();
    for (const [field, value] of [
      ['websiteName', ' '],
      ['websiteName', 'x'.repeat(61)],
      ['contactEmail', 'nope'],
      ['contactPhone', 'call me'],
      ['logoUrl', 'javascript:alert(1)'],
      ['icpRecord', 'x'.repeat(51)],
    ] as const) {
      const refused = await call('/admin/website-setting/update', {
        ...DETAILS,
        id,
        [field]: value,
      });
      expect(refused.code, `${field} ${value}`).toBe(40000);
      expect(refused.data.fields[0].field).toBe(field);
    }
    const phone = await call(
      '/admin/website-setting/update',
      { id, contactPhone: 'call me' },
      token,
    );
    expect(phone.msg).toContain('电话格式不正确');
    expect((await mine()).websiteName).toBe('商户管理后台');
  });

  it('is each merchant’s own and needs its route', async () => {
    const { id } = await mine();
    await call('/admin/website-setting/update', { ...DETAILS, id });
    const other = await createOtherMerchant(t);
    expect((await mine(other.token)).websiteName).toBe('商户管理后台');
    const { token: clerk } = await createAccount(t, {
      name: 'clerk',
      permissions: ['client-list'],
    });
    expect((await call('/admin/website-setting/update', { ...DETAILS, id }, clerk)).code).toBe(
      40300,
    );
  });
});
