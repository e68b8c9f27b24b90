import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

const summary = async (as = token) => (await t.post('/admin/dashboard/summary', {}, as)).json();

describe('dashboard summary', () => {
  it('counts the merchant’s customers and articles, and lists its recent changes', async () => {
    await t.post('/admin/customer/create', { name: '王五', phone: '13800000001' }, token);
    await t.post(
      '/admin/article/create',
      { articleType: 1, title: 'A', status: 'published' },
      token,
    );
    await t.post('/admin/article/create', { articleType: 2, title: 'B' }, token);
    const other = await createOtherMerchant(t);
    await t.post('/admin/customer/create', { name: '别家客户' }, other.token);

    const body = await summary();
    expect(body.code).toBe(200);
    expect(body.data.customers).toEqual({ total: 1, newLast7Days: 1 });
    expect(body.data.articles).toEqual({ published: 1, drafts: 1 });
    expect(body.data.recentChanges.map((c: { action: string }) => c.action)).toEqual([
      'article.create',
      'article.create',
      'customer.create',
    ]);
    expect(body.data.recentChanges[2]).toMatchObject({ targetName: '王五' });
  });

  it('shows only the areas the account may open', async () => {
    await t.post('/admin/customer/create', { name: '王五' }, token);
    await t.post('/admin/article/create', { articleType: 1, title: 'A' }, token);
    await t.post('/admin/article/create', { articleType: 2, title: 'B' }, token);
    const { token: clerk } = await createAccount(t, {
      name: 'clerk',
      permissions: ['dashboard', 'article-news', 'operation-log'],
    });
    const body = await summary(clerk);
    expect(body.data.customers).toBeNull();
    expect(body.data.articles).toEqual({ published: 0, drafts: 1 });
    // Customer changes are not the clerk's to see.
    expect(body.data.recentChanges.map((c: { targetType: string }) => c.targetType)).toEqual([
      'article',
      'article',
    ]);
    const { token: bare } = await createAccount(t, { name: 'bare', permissions: ['dashboard'] });
    expect((await summary(bare)).data).toEqual({
      todos: [],
      customers: null,
      articles: null,
      marketplaceOrders: null,
      shopOrders: null,
      recentChanges: null,
      lowStockCombinations: null,
    });
    expect((await t.post('/admin/dashboard/summary', {})).json().code).not.toBe(200);
  });

  it('lists the to-dos of the areas the account may open, those with work waiting only', async () => {
    await t.post('/admin/goods/create', { title: '炒锅' }, token);
    await t.post('/admin/goods/create', { title: '汤锅' }, token);
    const other = await createOtherMerchant(t);
    await t.post('/admin/goods/create', { title: '别家的锅' }, other.token);
    expect((await summary()).data.todos).toEqual([
      { key: 'goodsDrafts', count: 2, link: '/goods-list?status=draft' },
    ]);
    await t.post('/admin/cost-center/recharge', { amount: '10.00', method: 'alipay' }, token);
    expect((await summary()).data.todos.map((todo: { key: string }) => todo.key)).toEqual([
      'goodsDrafts',
      'rechargesWaiting',
    ]);
    // Not the goods of an account without the goods list.
    const { token: clerk } = await createAccount(t, {
      name: 'clerk',
      permissions: ['dashboard', 'recharge'],
    });
    expect((await summary(clerk)).data.todos).toEqual([
      { key: 'rechargesWaiting', count: 1, link: '/recharge' },
    ]);
  });

  it('counts the store products on sale with five or fewer left', async () => {
    const product = async (name: string, stock: number, onSale: boolean, as = token) => {
      const made = (await t.post('/admin/product/create', { name, price: '10', stock }, as)).json();
      expect(made.code, made.msg).toBe(200);
      if (onSale) await t.post('/admin/product/onSale', { ids: [made.data.id] }, as);
    };
    await product('牛肉面', 3, true);
    await product('凉皮', 5, true);
    await product('米线', 6, true);
    await product('下架的汤', 0, false);
    const other = await createOtherMerchant(t);
    await product('别家的面', 1, true, other.token);
    expect((await summary()).data.todos).toEqual([
      { key: 'productsLowStock', count: 2, link: '/product-list?status=on&stockRange=0,5' },
    ]);
    // The link's filter finds them in the list.
    const list = (
      await t.post(
        '/admin/product/list',
        { page: 1, pageSize: 20, status: 'on', stockRange: ['0', '5'] },
        token,
      )
    ).json();
    expect(list.data.items.map((p: { name: string }) => p.name).sort()).toEqual(['凉皮', '牛肉面']);
  });

  it('names each spec combination on sale with five or fewer of its own left, and its product', async () => {
    const specs = [
      { name: '份量', options: [{ name: '小份' }, { name: '大份' }] },
      { name: '辣度', options: [{ name: '微辣' }, { name: '特辣' }] },
    ];
    const product = async (name: string, skus: object[], onSale = true, as = token) => {
      const made = (
        await t.post('/admin/product/create', { name, price: '20', stock: 80, specs, skus }, as)
      ).json();
      expect(made.code, made.msg).toBe(200);
      if (onSale) await t.post('/admin/product/onSale', { ids: [made.data.id] }, as);
      return made.data.id as number;
    };
    const noodles = await product('牛肉面', [
      { options: ['大份', '特辣'], stock: 2 },
      { options: ['大份', '微辣'], stock: 5 },
      { options: ['小份', '特辣'], stock: 6 },
      // Not counted on its own: only the product's stock (80) counts.
      { options: ['小份', '微辣'], price: '18' },
    ]);
    const rice = await product('炒饭', [{ options: ['小份', '微辣'], stock: 0 }]);
    await product('下架的面', [{ options: ['大份', '特辣'], stock: 1 }], false);
    const other = await createOtherMerchant(t);
    await product('别家的面', [{ options: ['大份', '特辣'], stock: 1 }], true, other.token);

    const body = await summary();
    expect(body.data.lowStockCombinations).toEqual([
      {
        productId: rice,
        product: '炒饭',
        options: ['小份', '微辣'],
        stock: 0,
        link: `/product-store?id=${rice}`,
      },
      {
        productId: noodles,
        product: '牛肉面',
        options: ['大份', '特辣'],
        stock: 2,
        link: `/product-store?id=${noodles}`,
      },
      {
        productId: noodles,
        product: '牛肉面',
        options: ['大份', '微辣'],
        stock: 5,
        link: `/product-store?id=${noodles}`,
      },
    ]);
    // The products' own stock is plenty: no product is low.
    expect(body.data.todos).toEqual([]);
    // Not for an account without the product list.
    const { token: clerk } = await createAccount(t, { name: 'clerk', permissions: ['dashboard'] });
    expect((await summary(clerk)).data.lowStockCombinations).toBeNull();
  });
});
