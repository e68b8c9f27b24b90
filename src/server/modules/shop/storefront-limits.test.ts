import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { extensions } from '../../db/schema/extension';
import { products } from '../../db/schema/product';
import { productOrderEvents, productOrders } from '../../db/schema/product-order';
import { createTestApp, type TestApp } from '../../test-support';
import { testPhone, verifyPhone } from '../shop-identity/test-verify';

/**
 * The storefront and the money, in public (issue #43): what a visitor with free tokens, and
 * many of them, can do to the store's stock, its campaigns, its coupons and its partner list.
 */

let t: TestApp;
let admin: string;
afterEach(() => t.close());

async function start(env: Record<string, string> = {}) {
  // The worker stays off: each test runs the queue's due jobs itself.
  t = await createTestApp({ JOBS: 'off', PAYMENT_SANDBOX_CHAOS: '0', ...env });
  admin = await t.login();
}

const ok = async (url: string, body: unknown = {}) => {
  const res = (await t.post(url, body, admin)).json();
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};
type Answer = { code: number; msg: string; data: Record<string, unknown> & { fields?: [] } };
/** A storefront call from an address, in a language. */
const shop = async (
  path: string,
  body?: object,
  { ip = '203.0.113.10', lang = 'zh' }: { ip?: string; lang?: string } = {},
): Promise<Answer> =>
  (
    await t.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `/open/shop/1/${path}`,
      remoteAddress: ip,
      headers: { 'accept-language': lang },
      ...(body === undefined ? {} : { payload: body }),
    })
  ).json();
const device = (name: string) => `${name}-`.padEnd(40, 'x');
const order = (
  token: string,
  items: { productId: number; quantity: number }[],
  options: { ip?: string; lang?: string; payManner?: string; couponId?: number } = {},
) =>
  shop(
    'order',
    {
      token,
      payManner: options.payManner ?? 'sandbox',
      items,
      couponId: options.couponId ?? null,
    },
    options,
  );

async function pay(payUrl: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: payUrl,
    payload: 'action=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(303);
  await t.app.jobs.drain();
}

/** A store paid online (the sandbox) or at the counter, and one dish with `stock` left. */
async function store(stock: number, price = '10') {
  await ok('/admin/pay-manner/create', { kind: 'sandbox', name: '在线支付', enabled: true });
  await ok('/admin/pay-manner/create', { kind: 'counter', name: '到店付款', enabled: true });
  const dish = await ok('/admin/product/create', { name: '红烧肉', price, stock });
  await ok('/admin/product/onSale', { ids: [dish.id] });
  return dish as { id: number };
}
const stockOf = async (id: number) =>
  (await t.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
const rowOf = async (orderNo: string) =>
  (await t.db.select().from(productOrders).where(eq(productOrders.orderNo, orderNo)))[0]!;
const ninetyNine = (productId: number) => [{ productId, quantity: 99 }];

describe('stock in public', () => {
  it('is held by no unpaid order: an attacker with free tokens cannot starve the store', async () => {
    await start();
    const dish = await store(998);
    const attacker = '198.51.100.66';
    // All of it in one order, in lines of 99: refused, one order holds 200 items at most.
    const greedy = await order(
      device('greedy'),
      Array.from({ length: 11 }, () => ({ productId: dish.id, quantity: 99 })),
      { ip: attacker },
    );
    expect(greedy.code).toBe(40000);
    expect(greedy.msg).toBe('一个订单最多 200 件商品');
    const twoLines = await order(
      device('greedy'),
      [
        { productId: dish.id, quantity: 99 },
        { productId: dish.id, quantity: 2 },
      ],
      { ip: attacker },
    );
    expect(twoLines.msg).toBe('同一商品一个订单最多 99 件');

    // One token: two orders of 99 unpaid, then a third is refused (200 unpaid items a customer).
    for (let n = 0; n < 2; n++)
      expect((await order(device('a0'), ninetyNine(dish.id), { ip: attacker })).code).toBe(200);
    const third = await order(device('a0'), [{ productId: dish.id, quantity: 3 }], {
      ip: attacker,
    });
    expect(third.code).toBe(40900);
    expect(third.msg).toBe(
      '您已有 2 笔未付款订单（共 198 件）：每位顾客未付款的订单最多 3 笔、200 件，请先付款或取消',
    );
    // New tokens from the same address: 1,000 unpaid items there, then refused.
    let placed = 198;
    for (let n = 1; placed + 99 <= 1000; n++)
      for (let k = 0; k < 2 && placed + 99 <= 1000; k++) {
        const res = await order(device(`a${n}`), ninetyNine(dish.id), { ip: attacker });
        expect(res.code, res.msg).toBe(200);
        placed += 99;
      }
    const refused = await order(device('a99'), ninetyNine(dish.id), { ip: attacker });
    expect(refused.code).toBe(40900);
    expect(refused.msg).toBe(
      '这个网络下未付款的订单太多（最多 30 笔、1000 件），请先付款或稍后再试',
    );
    const english = await order(device('a99'), ninetyNine(dish.id), {
      ip: attacker,
      lang: 'en',
    });
    expect(english.msg).toBe(
      'Too many unpaid orders from this network (at most 30 orders, 1000 items): pay them or try again later',
    );

    // Meanwhile the store's stock is whole and a real customer orders and pays.
    expect(await stockOf(dish.id)).toBe(998);
    const menu = (await shop('store')).data as { products: { soldOut: boolean }[] };
    expect(menu.products[0]!.soldOut).toBe(false);
    const real = await order(device('real'), [{ productId: dish.id, quantity: 2 }], {
      ip: '192.0.2.1',
    });
    expect(real.code, real.msg).toBe(200);
    await pay(real.data.payUrl as string);
    expect((await rowOf(real.data.orderNo as string)).status).toBe('paid');
    expect(await stockOf(dish.id)).toBe(996);
  });

  it('is taken when paid: the last one goes to who pays first, the later payer is refunded', async () => {
    await start();
    const dish = await store(1);
    const first = await order(device('first'), [{ productId: dish.id, quantity: 1 }]);
    const second = await order(device('second'), [{ productId: dish.id, quantity: 1 }]);
    const counter = await order(device('third'), [{ productId: dish.id, quantity: 1 }], {
      payManner: 'counter',
    });
    expect([first.code, second.code, counter.code]).toEqual([200, 200, 200]);
    expect(await stockOf(dish.id)).toBe(1);

    await pay(second.data.payUrl as string);
    expect(await stockOf(dish.id)).toBe(0);
    const menu = (await shop('store')).data as { products: { soldOut: boolean }[] };
    expect(menu.products[0]!.soldOut).toBe(true);
    expect((await order(device('fourth'), [{ productId: dish.id, quantity: 1 }])).msg).toBe(
      '红烧肉 库存不足',
    );

    // Paid for what is gone: cancelled, and the money goes back through the gateway.
    await pay(first.data.payUrl as string);
    const late = await rowOf(first.data.orderNo as string);
    expect(late).toMatchObject({ status: 'cancelled', refundedAmount: '10.00' });
    const events = await t.db
      .select()
      .from(productOrderEvents)
      .where(eq(productOrderEvents.orderId, late.id));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['soldOut', 'refund']));
    expect(await stockOf(dish.id)).toBe(0);

    // At the counter: the staff are told before confirming the payment.
    const atCounter = await rowOf(counter.data.orderNo as string);
    const confirm = (
      await t.post('/admin/product-order/confirmPaid', { ids: [atCounter.id] }, admin)
    ).json();
    expect(confirm.code).toBe(40900);
    expect(confirm.msg).toBe('红烧肉 库存不足，不能确认收款：请补充库存，或取消订单');
    expect((await rowOf(counter.data.orderNo as string)).status).toBe('unpaid');
  });

  it('counts orders placed at once one after the other against the limits', async () => {
    await start({ SHOP_UNPAID_ORDERS_PER_IP: '5' });
    const dish = await store(100);
    const all = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        order(device(`burst${n}`), [{ productId: dish.id, quantity: 1 }], { ip: '198.51.100.7' }),
      ),
    );
    expect(all.filter((r) => r.code === 200)).toHaveLength(5);
    expect(all.filter((r) => r.code === 40900)).toHaveLength(3);
  });
});

describe('campaigns in public', () => {
  async function campaign(body: Record<string, unknown>) {
    const row = await ok('/admin/extension/create', {
      name: '立减10元',
      kind: 'amountOff',
      threshold: '0',
      value: '10',
      startAt: new Date(Date.now() - 3_600_000).toISOString(),
      endAt: new Date(Date.now() + 86_400_000).toISOString(),
      ...body,
    });
    await ok('/admin/extension/publish', { ids: [row.id] });
    return row as { id: number };
  }
  const statusOf = async (id: number) =>
    (await t.db.select().from(extensions).where(eq(extensions.id, id)))[0]!.status;

  it('spend their budget on paid orders only, and get back what a refund gives back', async () => {
    await start();
    const dish = await store(100, '30');
    const deal = await campaign({ budget: '30' });
    // Three strangers' unpaid orders: each priced with the discount, none spends the budget.
    const unpaid = [];
    for (const n of [1, 2, 3]) {
      const res = await order(device(`stranger${n}`), [{ productId: dish.id, quantity: 1 }], {
        ip: `198.51.100.${n}`,
      });
      expect(res.data).toMatchObject({ discountAmount: '10.00', totalAmount: '20.00' });
      unpaid.push(res.data);
    }
    expect(await statusOf(deal.id)).toBe('active');
    for (const [n, o] of unpaid.entries())
      await shop('order/cancel', { token: device(`stranger${n + 1}`), orderNo: o.orderNo });
    expect(await statusOf(deal.id)).toBe('active');

    // Paid: three discounts of 10 spend the budget of 30, which ends the campaign.
    const paid = [];
    for (const n of [1, 2, 3]) {
      const res = await order(device(`buyer${n}`), [{ productId: dish.id, quantity: 1 }]);
      expect(res.data.discountAmount).toBe('10.00');
      await pay(res.data.payUrl as string);
      paid.push(await rowOf(res.data.orderNo as string));
    }
    expect(await statusOf(deal.id)).toBe('ended');
    expect(((await shop('store')).data.campaigns as unknown[]).length).toBe(0);
    const after = await order(device('buyer4'), [{ productId: dish.id, quantity: 1 }]);
    expect(after.data).toMatchObject({ discountAmount: '0.00', totalAmount: '30.00' });

    // One refunded in full: its 10 is the budget's again, and the campaign runs again.
    await ok('/admin/product-order/refund', { id: paid[0]!.id, reason: '顾客退单' });
    expect(await statusOf(deal.id)).toBe('active');
    const again = await order(device('buyer5'), [{ productId: dish.id, quantity: 1 }]);
    expect(again.data.discountAmount).toBe('10.00');
    // A part refunded keeps its discount counted.
    await ok('/admin/product-order/refund', { id: paid[1]!.id, amount: '5.00', reason: '少一份' });
    const more = await order(device('buyer6'), [{ productId: dish.id, quantity: 1 }]);
    expect(more.data.discountAmount).toBe('10.00');
  });

  it('limit each verified phone, not each token, and give back what a cancel gave up', async () => {
    await start();
    const dish = await store(100, '30');
    await campaign({ name: '每人一次', perCustomerLimit: 1 });
    const menu = (await shop('store')).data as { campaigns: { perCustomerLimit: number }[] };
    expect(menu.campaigns[0]!.perCustomerLimit).toBe(1);
    // Unverified: a limit per customer cannot be counted, so no discount.
    const anonymous = await order(device('anon'), [{ productId: dish.id, quantity: 1 }]);
    expect(anonymous.data.discountAmount).toBe('0.00');

    const phone = testPhone(20);
    await verifyPhone(t, device('phone-a'), phone);
    const first = await order(device('phone-a'), [{ productId: dish.id, quantity: 1 }]);
    expect(first.data.discountAmount).toBe('10.00');
    // Another device of the same phone: used already.
    await t.db.execute(sql`update shop_tries set created_at = created_at - interval '2 minutes'`);
    await verifyPhone(t, device('phone-b'), phone);
    const second = await order(device('phone-b'), [{ productId: dish.id, quantity: 1 }]);
    expect(second.data.discountAmount).toBe('0.00');
    // The first cancelled unpaid: the phone may use it again.
    await shop('order/cancel', { token: device('phone-a'), orderNo: first.data.orderNo });
    const third = await order(device('phone-b'), [{ productId: dish.id, quantity: 1 }]);
    expect(third.data.discountAmount).toBe('10.00');
  });
});

describe('coupons in public', () => {
  async function coupon() {
    const row = await ok('/admin/coupon/create', {
      name: '新客券',
      kind: 'amountOff',
      threshold: '0',
      value: '5',
      validity: 'fixed',
      startAt: new Date(Date.now() - 3_600_000).toISOString(),
      endAt: new Date(Date.now() + 86_400_000).toISOString(),
      totalQuantity: 10,
      perCustomerLimit: 1,
      claimable: true,
    });
    await ok('/admin/coupon/activate', { ids: [row.id] });
    return row as { id: number };
  }

  it('are claimed by a verified phone: many tokens and one phone get one coupon', async () => {
    await start();
    const dish = await store(100);
    const offer = await coupon();
    // Ten made-up tokens: each refused, saying what is needed.
    for (let n = 0; n < 10; n++) {
      const res = await shop('coupons/claim', { token: device(`made-up${n}`), couponId: offer.id });
      expect(res.code).toBe(40900);
      expect(res.msg).toBe('请先验证手机号：领取优惠券、参加限次活动、申请分销员都需要验证手机号');
      expect(res.data).toMatchObject({ verify: true });
    }
    const english = await shop(
      'coupons/claim',
      { token: device('made-up0'), couponId: offer.id },
      { lang: 'en' },
    );
    expect(english.msg).toBe(
      'Verify your phone first: claiming coupons, limited offers and partner applications need it',
    );

    // One phone on three devices: one coupon, which every device of the phone holds.
    const phone = testPhone(30);
    const devices = ['p1', 'p2', 'p3'].map(device);
    for (const [n, token] of devices.entries()) {
      if (n > 0)
        await t.db.execute(
          sql`update shop_tries set created_at = created_at - interval '2 minutes'`,
        );
      await verifyPhone(t, token, phone);
    }
    const claimed = await shop('coupons/claim', { token: devices[0]!, couponId: offer.id });
    expect(claimed.code, claimed.msg).toBe(200);
    for (const token of devices.slice(1)) {
      const again = await shop('coupons/claim', { token, couponId: offer.id });
      expect(again.msg).toBe('每人限领 1 张，已达上限');
    }
    const wallet = (await shop('coupons', { token: devices[2]! })).data as {
      mine: { id: number }[];
      claimable: { left: number }[];
    };
    expect(wallet.mine.map((c) => c.id)).toEqual([claimed.data.id]);
    expect(wallet.claimable[0]!.left).toBe(0);
    const [row] = (await ok('/admin/coupon/list', { page: 1, limit: 20 })).items;
    expect(row.issuedCount).toBe(1);
    // The merchant sees who holds it by the masked phone.
    const history = await ok('/admin/coupon/history', { id: offer.id });
    expect(history[0].customerName).toBe('139****0030');

    // Used once, from another device of the phone.
    const used = await order(devices[1]!, [{ productId: dish.id, quantity: 1 }], {
      couponId: claimed.data.id as number,
    });
    expect(used.data).toMatchObject({ couponDiscount: '5.00', totalAmount: '5.00' });
    const twice = await order(devices[2]!, [{ productId: dish.id, quantity: 1 }], {
      couponId: claimed.data.id as number,
    });
    expect(twice.msg).toBe('这张优惠券已使用');
  });
});

describe('partner applications in public', () => {
  it('need a verified phone, one application a phone, a few an hour from an address', async () => {
    await start();
    const unverified = await shop('partner/apply', { token: device('anon'), name: '路人' });
    expect(unverified.code).toBe(40900);
    expect(unverified.msg).toBe(
      '请先验证手机号：领取优惠券、参加限次活动、申请分销员都需要验证手机号',
    );

    await verifyPhone(t, device('z1'), testPhone(41));
    expect(await shop('partner/apply', { token: device('z1'), name: '张三' })).toMatchObject({
      code: 200,
      data: { status: 'pending' },
    });
    // The same phone again, from another device: applied already.
    await t.db.execute(sql`update shop_tries set created_at = created_at - interval '2 minutes'`);
    await verifyPhone(t, device('z2'), testPhone(41));
    const again = await shop('partner/apply', { token: device('z2'), name: '张三丰' });
    expect(again.code).toBe(40900);
    expect(again.msg).toBe('这个手机号已经申请过，请等待店铺审核');

    // Other phones from the same address: three an hour.
    for (const n of [42, 43]) {
      await verifyPhone(t, device(`z${n}`), testPhone(n));
      expect(
        (await shop('partner/apply', { token: device(`z${n}`), name: `申请人${n}` })).code,
      ).toBe(200);
    }
    await verifyPhone(t, device('z44'), testPhone(44));
    const tooMany = await shop('partner/apply', { token: device('z44'), name: '申请人44' });
    expect(tooMany.code).toBe(42900);
    expect(tooMany.msg).toMatch(/^这个网络提交的申请太多，请 \d+ 分钟后再试$/);
    // From elsewhere: taken.
    expect(
      (await shop('partner/apply', { token: device('z44'), name: '申请人44' }, { ip: '192.0.2.9' }))
        .code,
    ).toBe(200);
    const list = await ok('/admin/selling-partner/list', { page: 1, limit: 20 });
    expect(list.items.map((p: { name: string }) => p.name).sort()).toEqual(
      ['张三', '申请人42', '申请人43', '申请人44'].sort(),
    );
  });
});

describe('ratings in public', () => {
  it('refuse all but one of several ratings of an order sent at once', async () => {
    await start();
    const dish = await store(10);
    const placed = await order(device('rater'), [{ productId: dish.id, quantity: 1 }], {
      payManner: 'counter',
    });
    const { id } = await rowOf(placed.data.orderNo as string);
    for (const move of ['confirmPaid', 'accept', 'ready', 'complete'])
      await ok(`/admin/product-order/${move}`, { ids: [id] });
    const ratings = await Promise.all(
      [5, 4, 3, 2, 1].map((rating) =>
        shop('order/evaluate', {
          token: device('rater'),
          orderNo: placed.data.orderNo,
          rating,
          content: `${rating} 星`,
        }),
      ),
    );
    expect(ratings.map((r) => r.code).sort()).toEqual([200, 40900, 40900, 40900, 40900]);
    for (const refused of ratings.filter((r) => r.code !== 200))
      expect(refused.msg).toBe('订单完成后才能评价，且只能评价一次');
  });
});
