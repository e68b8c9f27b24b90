import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, customerCoupons } from '../../db/schema/coupon';
import { extensions } from '../../db/schema/extension';
import { productOrders } from '../../db/schema/product-order';
import { createOtherMerchant } from '../../test-support';
import {
  activeCoupon,
  call,
  campaign,
  claim,
  customer,
  mine,
  ok,
  order,
  pay,
  shop,
  store,
  t,
  verified,
  withCouponApp,
} from './test-coupons';

withCouponApp();

describe('coupons at checkout: scopes, campaigns, refunds and merchants', () => {
  it('applies a coupon scoped to two products to a cart with one of them, not to one without', async () => {
    const { dish, tea, hot } = await store();
    const rice = await ok('/admin/product/create', {
      name: '米饭',
      price: '2',
      stock: 100,
      categoryId: hot.id,
    });
    await ok('/admin/product/onSale', { ids: [rice.id] });
    const two = await activeCoupon({
      name: '指定商品券',
      threshold: '30',
      value: '6',
      scope: 'products',
      productIds: [dish.id, tea.id],
    });
    expect(two.labels.productIds).toEqual(['宫保鸡丁', '柠檬茶']);
    // The storefront sees what it applies to.
    const offered = (await mine('a')).claimable.find((c: { id: number }) => c.id === two.id);
    expect(offered).toMatchObject({ scope: 'products', productIds: [dish.id, tea.id] });
    const id = (await claim('a', two.id)).data.id;
    // Only rice (of the same category as the dish, but not one of the products): refused.
    const without = await order('a', [{ productId: rice.id, quantity: 20 }], id);
    expect(without.code).toBe(40900);
    expect(without.msg).toBe('订单中没有该优惠券适用的商品');
    // The dish with rice: the dish alone (38) reaches the threshold; the rice adds nothing.
    const withOne = await order(
      'a',
      [
        { productId: dish.id, quantity: 1 },
        { productId: rice.id, quantity: 1 },
      ],
      id,
    );
    expect(withOne.data).toMatchObject({ couponDiscount: '6.00', totalAmount: '34.00' });
  });

  it('refuses a coupon scoped to another merchant’s product or category', async () => {
    const other = await createOtherMerchant(t);
    const theirs = await ok(
      '/admin/product/create',
      { name: '别家的菜', price: '10', stock: 1 },
      other.token,
    );
    const theirCategory = await ok(
      '/admin/product-category/create',
      { name: '别家分类', enabled: true },
      other.token,
    );
    const { dish, hot } = await store();
    const base = {
      name: '越界券',
      kind: 'amountOff',
      value: '5',
      validity: 'days',
      validDays: 7,
      totalQuantity: 10,
    };
    const product = await call('/admin/coupon/create', {
      ...base,
      scope: 'products',
      productIds: [dish.id, theirs.id],
    });
    expect(product.code).toBe(40000);
    expect(product.data.fields[0].field).toBe('productIds');
    const category = await call('/admin/coupon/create', {
      ...base,
      scope: 'categories',
      categoryIds: [hot.id, theirCategory.id],
    });
    expect(category.code).toBe(40000);
    expect(category.data.fields[0].field).toBe('categoryIds');
    // Nor an id of no row at all, nor more than a hundred.
    const unknown = await call('/admin/coupon/create', {
      ...base,
      scope: 'products',
      productIds: [999_999],
    });
    expect(unknown.data.fields[0].field).toBe('productIds');
    const many = await call('/admin/coupon/create', {
      ...base,
      scope: 'products',
      productIds: Array.from({ length: 101 }, (_, i) => i + 1),
    });
    expect(many.code).toBe(40000);
    expect(await t.db.select().from(coupons)).toEqual([]);
  });

  it('stacks with a campaign only when allowed, else the better of the two', async () => {
    const { dish } = await store();
    await campaign({ threshold: '100', value: '20' });
    const small = await activeCoupon({ name: '小券', threshold: '0', value: '5' });
    const large = await activeCoupon({ name: '大券', threshold: '0', value: '30' });
    const stacking = await activeCoupon({
      name: '叠加券',
      threshold: '0',
      value: '5',
      stackable: true,
    });
    const items = [{ productId: dish.id, quantity: 3 }]; // 114.00
    // Does not stack, less than the campaign: the campaign applies, the coupon stays unused.
    const smallId = (await claim('a', small.id)).data.id;
    const a = (await order('a', items, smallId)).data;
    expect(a).toMatchObject({ discountAmount: '20.00', couponDiscount: '0.00', couponName: '' });
    const [kept] = await t.db.select().from(customerCoupons).where(eq(customerCoupons.id, smallId));
    expect(kept!.status).toBe('unused');
    // Does not stack, more than the campaign: the coupon replaces it.
    const largeId = (await claim('a', large.id)).data.id;
    const b = (await order('a', items, largeId)).data;
    expect(b).toMatchObject({
      extensionName: '',
      discountAmount: '0.00',
      couponDiscount: '30.00',
      totalAmount: '84.00',
    });
    // Stacks: both.
    const stackId = (await claim('a', stacking.id)).data.id;
    const c = (await order('a', items, stackId)).data;
    expect(c).toMatchObject({
      discountAmount: '20.00',
      couponDiscount: '5.00',
      totalAmount: '89.00',
    });
  });

  it('leaves a campaign running when a coupon that does not stack replaces it on the order that would spend its budget', async () => {
    const { dish } = await store();
    const items = [{ productId: dish.id, quantity: 2 }]; // 76.00
    // The best campaign's terms, but used up for this customer (a verified phone: a campaign's
    // per-customer limit counts by it); then one whose budget is one use.
    await campaign({ name: '新客减30', threshold: '0', value: '30', perCustomerLimit: 1 });
    const small = await campaign({ name: '立减5', threshold: '0', value: '5', budget: '5' });
    await verified('a');
    expect((await order('a', items)).data).toMatchObject({ extensionName: '新客减30' });
    const row = await activeCoupon({ name: '减10券', threshold: '0', value: '10' });
    const id = (await claim('a', row.id)).data.id;
    // 10 off beats the 5 the customer may still have: the coupon alone, and the campaign's
    // budget untouched.
    const replaced = (await order('a', items, id)).data;
    expect(replaced).toMatchObject({
      extensionName: '',
      discountAmount: '0.00',
      couponDiscount: '10.00',
    });
    await pay(replaced.payUrl);
    const [still] = await t.db.select().from(extensions).where(eq(extensions.id, small.id));
    expect(still!.status).not.toBe('ended');
    // The order that does spend it ends it, once paid (an unpaid one spends no budget).
    await verified('b');
    expect((await order('b', items)).data).toMatchObject({ extensionName: '新客减30' });
    const spending = (await order('b', items)).data;
    expect(spending).toMatchObject({ extensionName: '立减5' });
    const [unpaid] = await t.db.select().from(extensions).where(eq(extensions.id, small.id));
    expect(unpaid!.status).not.toBe('ended');
    await pay(spending.payUrl);
    const [spent] = await t.db.select().from(extensions).where(eq(extensions.id, small.id));
    expect(spent!.status).toBe('ended');
  });

  it('gives the coupon back on a full refund and a cancel, and never takes an expired one', async () => {
    const { dish } = await store();
    const row = await activeCoupon({ threshold: '0', value: '10', perCustomerLimit: 2 });
    const id = (await claim('a', row.id)).data.id;
    const placed = (await order('a', [{ productId: dish.id, quantity: 1 }], id)).data;
    await pay(placed.payUrl);
    const [saved] = await t.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.orderNo, placed.orderNo));
    // A part refund keeps it used; the rest makes the order refunded and gives it back.
    await ok('/admin/product-order/refund', { id: saved!.id, amount: '8.00', reason: '少一份' });
    expect((await mine('a')).mine[0].state).toBe('used');
    await ok('/admin/product-order/refund', { id: saved!.id, reason: '退完' });
    const back = (await mine('a')).mine[0];
    expect(back).toMatchObject({ id, state: 'unused', orderNo: '' });
    // Cancelled unpaid: back as well.
    const again = (await order('a', [{ productId: dish.id, quantity: 1 }], id)).data;
    expect(again.couponDiscount).toBe('10.00');
    await shop('order/cancel', { token: customer('a'), orderNo: again.orderNo });
    expect((await mine('a')).mine[0].state).toBe('unused');
    // Past its validity: shown expired and refused at checkout.
    await t.db
      .update(customerCoupons)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(customerCoupons.id, id));
    expect((await mine('a')).mine[0].state).toBe('expired');
    const late = await order('a', [{ productId: dish.id, quantity: 1 }], id);
    expect(late.code).toBe(40900);
    expect(late.msg).toBe('这张优惠券不在有效期内');
  });

  it('keeps merchants apart', async () => {
    await store();
    const row = await activeCoupon();
    const other = await createOtherMerchant(t);
    expect((await call('/admin/coupon/history', { id: row.id }, other.token)).code).toBe(40400);
    const otherCustomer = await ok(
      '/admin/customer/create',
      { name: '别人', phone: '13900000001' },
      other.token,
    );
    expect(
      (
        await call(
          '/admin/coupon/issue',
          { id: row.id, customerIds: [otherCustomer.id] },
          other.token,
        )
      ).code,
    ).toBe(40400);
    // Our customer named on our coupon by the other merchant's call: not found.
    const ours = await ok('/admin/customer/create', { name: '自己人', phone: '13900000002' });
    const own = await call('/admin/coupon/issue', {
      id: row.id,
      customerIds: [ours.id, otherCustomer.id],
    });
    expect(own.code).toBe(40400);
    // Claimed in the other store's storefront: not found there.
    expect(
      (await shop('coupons/claim', { token: customer('a'), couponId: row.id }, other.merchant.id))
        .code,
    ).toBe(40400);
    expect(
      (await shop('coupons', { token: customer('a') }, other.merchant.id)).data.claimable,
    ).toHaveLength(0);
  });
});
