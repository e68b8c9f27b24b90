import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderSetting } from '../../../shared/resources/order-setting';
import { resourceContract } from '../../kit/resource-contract';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';

resourceContract(
  orderSetting,
  {
    unpaidTimeoutMinutes: 30,
    autoCompleteDays: 5,
    autoPraiseDays: 10,
    refundWindowDays: 3,
    autoAccept: true,
    newOrderSound: false,
    deliveryEnabled: true,
    deliveryFee: '5.00',
    deliveryMinimum: '30.00',
  },
  { unpaidTimeoutMinutes: 20, deliveryFee: '6.50' },
);

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());
const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();

describe('order settings: one set per merchant', () => {
  it('starts from the defaults, even under 30 first calls at once, and saves a change', async () => {
    const first = await Promise.all(
      Array.from({ length: 30 }, () => call('/admin/order-setting/get')),
    );
    expect(first.every((r) => r.code === 200)).toBe(true);
    expect(new Set(first.map((r) => r.data.id)).size).toBe(1);
    expect(first[0].data).toMatchObject({
      unpaidTimeoutMinutes: 15,
      autoCompleteDays: 7,
      autoPraiseDays: 7,
      refundWindowDays: 7,
      autoAccept: false,
      newOrderSound: true,
    });
    const id = first[0].data.id;
    const saved = await call('/admin/order-setting/update', {
      id,
      unpaidTimeoutMinutes: 30,
      autoAccept: true,
    });
    expect(saved.code, saved.msg).toBe(200);
    expect((await call('/admin/order-setting/get')).data).toMatchObject({
      unpaidTimeoutMinutes: 30,
      autoAccept: true,
    });
    const log = (await call('/admin/operation-log/list', {})).data.items[0];
    expect(log).toMatchObject({ action: 'order-setting.update' });
  });

  it('keeps each value within its bounds, naming the field', async () => {
    const { id } = (await call('/admin/order-setting/get')).data;
    for (const [field, value] of [
      ['unpaidTimeoutMinutes', 4],
      ['unpaidTimeoutMinutes', 1441],
      ['autoCompleteDays', 0],
      ['refundWindowDays', 31],
      ['autoPraiseDays', 'soon'],
    ] as const) {
      const refused = await call('/admin/order-setting/update', { id, [field]: value });
      expect(refused.code, `${field} ${value}`).toBe(40000);
      expect(refused.data.fields[0].field).toBe(field);
    }
    expect((await call('/admin/order-setting/get')).data.unpaidTimeoutMinutes).toBe(15);
  });

  it('is each merchant’s own and needs its route', async () => {
    const mine = (await call('/admin/order-setting/get')).data;
    const other = await createOtherMerchant(t);
    const theirs = (await call('/admin/order-setting/get', {}, other.token)).data;
    expect(theirs.id).not.toBe(mine.id);
    const reach = await call(
      '/admin/order-setting/update',
      { id: mine.id, unpaidTimeoutMinutes: 60 },
      other.token,
    );
    expect(reach.code).toBe(40400);
    const { token: clerk } = await createAccount(t, {
      name: 'clerk',
      permissions: ['product-list'],
    });
    expect((await call('/admin/order-setting/get', {}, clerk)).code).toBe(40300);
  });
});
