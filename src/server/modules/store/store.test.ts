import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { store } from '../../../shared/resources/store';
import { resourceContract } from '../../kit/resource-contract';
import { createTestApp, type TestApp } from '../../test-support';

const ALL_DAY = Array.from({ length: 7 }, () => [{ from: '00:00', to: '24:00' }]);

resourceContract(
  store,
  {
    name: '川味小馆',
    logo: '/uploads/1/logo.png',
    status: 'paused',
    notice: '今日特价：牛肉面',
    intro: '正宗川味，现点现做',
    phone: '13800000000',
    address: '杭州市西湖区文三路 1 号',
    latitude: '30.274084',
    longitude: '120.155070',
    hours: { week: ALL_DAY, exceptions: [] },
  },
  { name: '川味小馆二店', status: 'open' },
);

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp({ JOBS: 'off' });
  token = await t.login();
});
afterEach(() => t.close());
const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();
const shop = async (path: string, body?: unknown) =>
  (
    await t.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `/open/shop/1/${path}`,
      ...(body === undefined ? {} : { payload: body as object }),
    })
  ).json();

const closedAllWeek = { week: [[], [], [], [], [], [], []], exceptions: [] };

describe('store details', () => {
  it('start open all day, and the storefront takes orders only while open and within the hours', async () => {
    const store = (await call('/admin/store/get')).data;
    expect(store).toMatchObject({ status: 'open', name: '' });
    expect(store.hours.week).toHaveLength(7);
    await call('/admin/pay-manner/create', { kind: 'counter', name: '到店付款', enabled: true });
    const tea = (await call('/admin/product/create', { name: '柠檬茶', price: '8', stock: 9 }))
      .data;
    await call('/admin/product/onSale', { ids: [tea.id] });
    const order = {
      token: 't'.repeat(40),
      payManner: 'counter',
      items: [{ productId: tea.id, quantity: 1 }],
    };
    expect((await shop('order', order)).code).toBe(200);

    const saved = await call('/admin/store/update', {
      id: store.id,
      name: '川味小馆',
      notice: '今日特价：牛肉面',
      hours: closedAllWeek,
    });
    expect(saved.code, saved.msg).toBe(200);
    const menu = (await shop('store')).data.merchant;
    expect(menu).toMatchObject({ name: '川味小馆', notice: '今日特价：牛肉面', open: false });
    const refused = await shop('order', order);
    expect(refused.code).toBe(40900);
    expect(refused.msg).toBe('店铺当前不在营业时间，暂不能下单');

    const allDay = Array.from({ length: 7 }, () => [{ from: '00:00', to: '24:00' }]);
    await call('/admin/store/update', {
      id: store.id,
      hours: { week: allDay, exceptions: [] },
      status: 'paused',
    });
    expect((await shop('store')).data.merchant.open).toBe(false);
    await call('/admin/store/update', { id: store.id, status: 'open' });
    expect((await shop('order', order)).code).toBe(200);
  });

  it('takes a place anywhere on Earth, and none off it', async () => {
    const store = (await call('/admin/store/get')).data;
    for (const [field, value, text] of [
      ['latitude', '91', '不能大于 90'],
      ['latitude', '-90.5', '不能小于 -90'],
      ['longitude', '180.000001', '不能大于 180'],
      ['longitude', '-181', '不能小于 -180'],
    ]) {
      const refused = await call('/admin/store/update', { id: store.id, [field]: value });
      expect(refused.code, `${field} ${value}`).toBe(40000);
      expect(refused.data.fields[0]).toMatchObject({ field, message: text });
    }
    // South and west of the equator and Greenwich: Sydney, then Buenos Aires.
    const sydney = await call('/admin/store/update', {
      id: store.id,
      latitude: '-33.868820',
      longitude: '151.209296',
    });
    expect(sydney.code, sydney.msg).toBe(200);
    const west = await call('/admin/store/update', { id: store.id, longitude: '-58.381559' });
    expect(west.data).toMatchObject({ latitude: '-33.868820', longitude: '-58.381559' });
  });

  it('refuses hours that do not read as a week', async () => {
    const store = (await call('/admin/store/get')).data;
    for (const hours of [
      { week: [[]], exceptions: [] },
      { week: [[{ from: '21:00', to: '09:00' }], [], [], [], [], [], []], exceptions: [] },
    ]) {
      const res = await call('/admin/store/update', { id: store.id, hours });
      expect(res.code, JSON.stringify(hours)).toBe(40000);
    }
  });
});
