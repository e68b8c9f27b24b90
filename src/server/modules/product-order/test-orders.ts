import { and, eq } from 'drizzle-orm';
import { productOrders } from '../../db/schema/product-order';
import type { MadeFor } from '../../kit/resource-contract';
import type { TestApp } from '../../test-support';

/**
 * Storefront orders for the tests of the areas that only read them (product-order,
 * extension-order, evaluate): placed by a customer through the storefront's own call.
 */

type Answer = { code: number; msg: string; data: Record<string, unknown> };

async function posted(t: TestApp, url: string, body: unknown, token?: string): Promise<Answer> {
  const answer = (await t.post(url, body, token)).json() as Answer;
  if (answer.code !== 200) throw new Error(`${url}: ${answer.code} ${answer.msg}`);
  return answer;
}

/** The store's counter payment and one dish on sale, made once per app. */
const stores = new WeakMap<TestApp, Promise<number>>();
function dishOf({ t, token }: MadeFor): Promise<number> {
  let dish = stores.get(t);
  if (!dish) {
    dish = (async () => {
      await posted(
        t,
        '/admin/pay-manner/create',
        { kind: 'counter', name: '到店付款', enabled: true },
        token,
      );
      const tea = await posted(
        t,
        '/admin/product/create',
        { name: '柠檬茶', price: '8.50', stock: 999 },
        token,
      );
      const id = tea.data.id as number;
      await posted(t, '/admin/product/onSale', { ids: [id] }, token);
      return id;
    })();
    stores.set(t, dish);
  }
  return dish;
}

/** The n-th customer's token, as the storefront keeps it on the phone. */
export const customerToken = (n: number) => `customer-${n}-`.padEnd(40, 'x');

/**
 * The n-th customer's order of n teas (n × 8.50), picked up and paid at the counter: unpaid.
 * `extra` adds to the storefront's order body (a selling partner's `ref`).
 */
export async function storefrontOrder(
  made: MadeFor,
  n: number,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; orderNo: string }> {
  const productId = await dishOf(made);
  const placed = await posted(made.t, '/open/shop/1/order', {
    token: customerToken(n),
    payManner: 'counter',
    items: [{ productId, quantity: n }],
    ...extra,
  });
  const orderNo = placed.data.orderNo as string;
  const [row] = await made.t.db
    .select({ id: productOrders.id })
    .from(productOrders)
    .where(and(eq(productOrders.merchantId, 1), eq(productOrders.orderNo, orderNo)));
  return { id: row!.id, orderNo };
}

/** The counter's moves of a picked-up order, from unpaid to completed. */
export async function completed(made: MadeFor, id: number) {
  for (const move of ['confirmPaid', 'accept', 'ready', 'complete'])
    await posted(made.t, `/admin/product-order/${move}`, { ids: [id] }, made.token);
}

/** An approved selling partner's invite code, made once per app. */
const partners = new WeakMap<TestApp, Promise<string>>();
export function partnerCode({ t, token }: MadeFor): Promise<string> {
  let code = partners.get(t);
  if (!code) {
    code = (async () => {
      const partner = await posted(
        t,
        '/admin/selling-partner/create',
        { name: '王小二', phone: '13800000001', commissionRate: '10.00' },
        token,
      );
      await posted(t, '/admin/selling-partner/approve', { ids: [partner.data.id] }, token);
      return partner.data.inviteCode as string;
    })();
    partners.set(t, code);
  }
  return code;
}
