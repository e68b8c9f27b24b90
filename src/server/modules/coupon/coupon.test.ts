import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupon } from '../../../shared/resources/coupon';
import { coupons, customerCoupons } from '../../db/schema/coupon';
import { operationLogs } from '../../db/schema/operation-log';
import { resourceContract } from '../../kit/resource-contract';
import {
  activeCoupon,
  call,
  claim,
  customer,
  HOUR,
  iso,
  mine,
  ok,
  order,
  shop,
  store,
  t,
  token,
  withCouponApp,
} from './test-coupons';

resourceContract(
  coupon,
  {
    name: '满50减10',
    kind: 'amountOff',
    threshold: '50.00',
    value: '10.00',
    scope: 'all',
    categoryIds: [],
    productIds: [],
    validity: 'fixed',
    startAt: '2026-01-01T00:00:00.000Z',
    endAt: '2026-02-01T00:00:00.000Z',
    validDays: 0,
    totalQuantity: 100,
    perCustomerLimit: 1,
    stackable: false,
    claimable: true,
  },
  { name: '满50减12', value: '12.00' },
);

withCouponApp();

describe('coupons', () => {
  it('tells each customer how many of each coupon they may still claim', async () => {
    await store();
    const first = await activeCoupon({ name: '早餐券' });
    const second = await activeCoupon({ name: '午餐券', perCustomerLimit: 2 });
    expect((await claim('a', second.id)).code).toBe(200);
    const left = (who: string) =>
      mine(who).then((w: { claimable: { id: number; left: number }[] }) =>
        Object.fromEntries(w.claimable.map((c) => [c.id, c.left])),
      );
    expect(await left('a')).toEqual({ [first.id]: 1, [second.id]: 1 });
    expect((await claim('a', second.id)).code).toBe(200);
    expect((await claim('a', first.id)).code).toBe(200);
    expect(await left('a')).toEqual({ [first.id]: 0, [second.id]: 0 });
    expect(await left('b')).toEqual({ [first.id]: 1, [second.id]: 2 });
  });

  it('checks a coupon as a whole, and issues it only while active', async () => {
    const days = await call('/admin/coupon/create', {
      name: '无天数',
      kind: 'amountOff',
      value: '5',
      validity: 'days',
      totalQuantity: 10,
    });
    expect(days.code).toBe(40000);
    expect(days.data.fields[0].field).toBe('validDays');
    const scope = await call('/admin/coupon/create', {
      name: '无分类',
      kind: 'amountOff',
      value: '5',
      validity: 'days',
      validDays: 7,
      scope: 'categories',
      totalQuantity: 10,
    });
    expect(scope.data.fields[0].field).toBe('categoryIds');
    const products = await call('/admin/coupon/create', {
      name: '无商品',
      kind: 'amountOff',
      value: '5',
      validity: 'days',
      validDays: 7,
      scope: 'products',
      productIds: [],
      totalQuantity: 10,
    });
    expect(products.data.fields[0].field).toBe('productIds');
    // 满100减150: an amount off of the threshold or more is refused; without a threshold it is not.
    const overThreshold = await call('/admin/coupon/create', {
      name: '满100减150',
      kind: 'amountOff',
      threshold: '100',
      value: '150',
      validity: 'days',
      validDays: 7,
      totalQuantity: 10,
    });
    expect(overThreshold.data.fields[0].field).toBe('value');
    expect(overThreshold.msg).toBe('满 100.00 元减 150.00 元：减免金额须小于门槛金额');
    const noThreshold = await call('/admin/coupon/create', {
      name: '无门槛减150',
      kind: 'amountOff',
      value: '150',
      validity: 'days',
      validDays: 7,
      totalQuantity: 10,
    });
    expect(noThreshold.code, noThreshold.msg).toBe(200);
    const lowered = await call('/admin/coupon/update', {
      id: noThreshold.data.id,
      threshold: '150',
    });
    expect(lowered.data.fields[0].field).toBe('value');
    const backwards = await call('/admin/coupon/create', {
      name: '反了',
      kind: 'percentOff',
      value: '10',
      startAt: iso(2 * HOUR),
      endAt: iso(HOUR),
      totalQuantity: 10,
    });
    expect(backwards.data.fields[0].field).toBe('endAt');
    const english = await t.app.inject({
      method: 'POST',
      url: '/admin/coupon/create',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      payload: {
        name: 'x',
        kind: 'percentOff',
        value: '100',
        validity: 'days',
        validDays: 3,
        totalQuantity: 1,
      },
    });
    expect(english.json().msg).toMatch(/percentage/);

    const draft = await ok('/admin/coupon/create', {
      name: '七天券',
      kind: 'amountOff',
      value: '5',
      validity: 'days',
      validDays: 7,
      totalQuantity: 10,
    });
    expect(draft).toMatchObject({ status: 'draft', issuedCount: 0, usedCount: 0 });
    const c1 = await ok('/admin/customer/create', { name: '张三', phone: '13800000001' });
    const refused = await call('/admin/coupon/issue', { id: draft.id, customerIds: [c1.id] });
    expect(refused.code).toBe(40900);
    expect(refused.msg).toBe('该优惠券未在发放中');
    expect((await claim('a', draft.id)).code).toBe(40900);
    await ok('/admin/coupon/activate', { ids: [draft.id] });
    const c2 = await ok('/admin/customer/create', { name: '李四', phone: '13800000002' });
    expect(await ok('/admin/coupon/issue', { id: draft.id, customerIds: [c1.id, c2.id] })).toEqual({
      count: 2,
    });
    // The per-customer limit (1) holds for hand-issued coupons too.
    const again = await call('/admin/coupon/issue', { id: draft.id, customerIds: [c1.id] });
    expect(again.code).toBe(40900);
    const detail = await ok('/admin/coupon/detail', { id: draft.id });
    expect(detail.issuedCount).toBe(2);
    const history = await ok('/admin/coupon/history', { id: draft.id });
    expect(history.map((h: { customerName: string }) => h.customerName).sort()).toEqual([
      '张三',
      '李四',
    ]);
    expect(history[0]).toMatchObject({ source: 'issued', state: 'unused', orderNo: '' });
    const [from, until] = [new Date(history[0].createdAt), new Date(history[0].validUntil)];
    expect(Math.round((until.getTime() - from.getTime()) / HOUR)).toBe(7 * 24);
    // An issued coupon's code, sent to the customer, makes it theirs in the storefront (once).
    const code = history.find((h: { customerName: string }) => h.customerName === '张三').code;
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect((await shop('coupons/redeem', { token: customer('z'), code: 'WRONG234' })).code).toBe(
      40900,
    );
    const redeemed = await shop('coupons/redeem', {
      token: customer('z'),
      code: code.toLowerCase(),
    });
    expect(redeemed.code).toBe(200);
    expect((await mine('z')).mine).toMatchObject([{ couponId: draft.id, state: 'unused' }]);
    const twice = await shop('coupons/redeem', { token: customer('y'), code });
    expect(twice.code).toBe(40900);
    expect(twice.msg).toBe('券码不正确或已被使用');
    const seen = await ok('/admin/coupon/history', { id: draft.id });
    expect(seen.find((h: { customerName: string }) => h.customerName === '张三').code).toBe('');
    const logs = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'coupon.issue'));
    expect(logs).toHaveLength(1);
    // Stopped: no more issued; one issued may not be deleted.
    await ok('/admin/coupon/stop', { ids: [draft.id] });
    expect((await call('/admin/coupon/issue', { id: draft.id, customerIds: [c2.id] })).code).toBe(
      40900,
    );
    const deleted = await call('/admin/coupon/delete', { ids: [draft.id] });
    expect(deleted.code).toBe(40900);
  });

  it('keeps claims within the total and each customer’s limit, even at once', async () => {
    await store();
    const row = await activeCoupon({ totalQuantity: 3, perCustomerLimit: 2 });
    const first = await mine('a');
    expect(first.claimable).toHaveLength(1);
    expect(first.claimable[0]).toMatchObject({ id: row.id, left: 2 });
    // Two claims of one customer at once, then a third: the limit of 2 holds.
    const both = await Promise.all([claim('a', row.id), claim('a', row.id)]);
    expect(both.map((r) => r.code)).toEqual([200, 200]);
    const third = await claim('a', row.id);
    expect(third.code).toBe(40900);
    expect(third.msg).toBe('每人限领 2 张，已达上限');
    expect((await mine('a')).mine).toHaveLength(2);
    // One left of 3: two customers at once, one gets it.
    const race = await Promise.all([claim('b', row.id), claim('c', row.id)]);
    expect(race.map((r) => r.code).sort()).toEqual([200, 40900]);
    const [after] = await t.db.select().from(coupons).where(eq(coupons.id, row.id));
    expect(after!.issuedCount).toBe(3);
    const held = await t.db
      .select()
      .from(customerCoupons)
      .where(eq(customerCoupons.couponId, row.id));
    expect(held).toHaveLength(3);
    expect((await mine('d')).claimable).toHaveLength(0);
    // A claim waits for the coupon's row (PostgreSQL only, as at checkout): while another
    // transaction holds it and hands out the last one, a claim started meanwhile finds none left.
    if (process.env.TEST_DATABASE_URL) {
      const last = await activeCoupon({ name: '最后一张', totalQuantity: 5 });
      let pending: Promise<{ code: number; msg: string }> | undefined;
      await t.db.transaction(async (tx) => {
        await tx.select().from(coupons).where(eq(coupons.id, last.id)).for('update');
        pending = claim('e', last.id);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await tx.update(coupons).set({ issuedCount: 5 }).where(eq(coupons.id, last.id));
      });
      const waited = await pending!;
      expect(waited.code).toBe(40900);
      expect(waited.msg).toBe('优惠券已领完');
    }
    // Not claimable in the store: refused.
    const direct = await activeCoupon({ name: '定向券', claimable: false });
    expect((await claim('a', direct.id)).code).toBe(40900);
  });

  it('takes a coupon off at checkout once: threshold, scope, owner, even two checkouts at once', async () => {
    const { dish, tea, hot } = await store();
    const row = await activeCoupon({ threshold: '50', value: '10' });
    const claimed = await claim('a', row.id);
    const id = claimed.data.id;
    // Not its owner.
    expect((await order('b', [{ productId: dish.id, quantity: 2 }], id)).code).toBe(40900);
    // Below the threshold (38 < 50).
    const low = await order('a', [{ productId: dish.id, quantity: 1 }], id);
    expect(low.code).toBe(40900);
    expect(low.msg).toBe('商品金额未达到优惠券门槛 50.00 元');
    // Checkouts at once, each of its own product (no product lock queues them): one uses it,
    // the others are refused.
    const dishes = [];
    for (const n of [1, 2, 3, 4, 5, 6])
      dishes.push(
        await ok('/admin/product/create', {
          name: `套餐${n}`,
          price: '60',
          stock: 10,
          categoryId: hot.id,
        }),
      );
    await ok('/admin/product/onSale', { ids: dishes.map((d) => d.id) });
    const all = await Promise.all(
      dishes.map((d) => order('a', [{ productId: d.id, quantity: 1 }], id)),
    );
    expect(all.filter((r) => r.code === 200)).toHaveLength(1);
    const placed = all.find((r) => r.code === 200)!.data;
    expect(placed).toMatchObject({
      totalAmount: '50.00',
      couponName: '满50减10',
      couponDiscount: '10.00',
    });
    const refused = all.find((r) => r.code === 40900)!;
    expect(refused.msg).toBe('这张优惠券已使用');
    const [used] = await t.db.select().from(customerCoupons).where(eq(customerCoupons.id, id));
    expect(used).toMatchObject({ status: 'used', orderNo: placed.orderNo });
    const history = await ok('/admin/coupon/history', { id: row.id });
    expect(history[0]).toMatchObject({ state: 'used', orderNo: placed.orderNo, source: 'claimed' });
    // The checkout waits for the coupon's row: while another transaction holds it (and uses
    // it), a checkout started meanwhile finds it used once it may read it. (PostgreSQL only:
    // PGlite runs one transaction at a time, so nothing could read past the lock there.)
    if (process.env.TEST_DATABASE_URL) {
      const second = (await claim('b', (await activeCoupon({ name: '第二张', threshold: '0' })).id))
        .data.id;
      let pending: Promise<{ code: number; msg: string }> | undefined;
      await t.db.transaction(async (tx) => {
        await tx.select().from(customerCoupons).where(eq(customerCoupons.id, second)).for('update');
        pending = order('b', [{ productId: tea.id, quantity: 1 }], second);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await tx
          .update(customerCoupons)
          .set({ status: 'used', orderNo: 'elsewhere' })
          .where(eq(customerCoupons.id, second));
      });
      const waited = await pending!;
      expect(waited.code).toBe(40900);
      expect(waited.msg).toBe('这张优惠券已使用');
    }
    expect((await ok('/admin/coupon/detail', { id: row.id })).usedCount).toBe(1);

    // Scope: a coupon for hot dishes does not take off tea.
    const hotOnly = await activeCoupon({
      name: '热菜券',
      threshold: '0',
      value: '5',
      scope: 'categories',
      categoryIds: [hot.id],
    });
    const hotId = (await claim('a', hotOnly.id)).data.id;
    const teaOnly = await order('a', [{ productId: tea.id, quantity: 4 }], hotId);
    expect(teaOnly.code).toBe(40900);
    expect(teaOnly.msg).toBe('订单中没有该优惠券适用的商品');
    // A percentage of the scoped goods only, never more than the goods.
    const pct = await activeCoupon({
      name: '热菜九折',
      kind: 'percentOff',
      threshold: '0',
      value: '10',
      scope: 'categories',
      categoryIds: [hot.id],
    });
    const pctId = (await claim('a', pct.id)).data.id;
    const mixed = await order(
      'a',
      [
        { productId: dish.id, quantity: 1 },
        { productId: tea.id, quantity: 1 },
      ],
      pctId,
    );
    expect(mixed.data).toMatchObject({ couponDiscount: '3.80', totalAmount: '46.70' });
    const big = await activeCoupon({ name: '大额券', threshold: '0', value: '500' });
    const bigId = (await claim('a', big.id)).data.id;
    const free = await order('a', [{ productId: tea.id, quantity: 1 }], bigId);
    expect(free.data).toMatchObject({ couponDiscount: '12.50', totalAmount: '0.00' });
  });
});
