import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { carousel } from '../../../shared/resources/carousel';
import { product } from '../../../shared/resources/product';
import { productCategory } from '../../../shared/resources/product-category';
import { products } from '../../db/schema/product';
import { productCategories } from '../../db/schema/product-category';
import { resourceContract } from '../../kit/resource-contract';
import { createOtherMerchant, createTestApp, type TestApp } from '../../test-support';

resourceContract(
  productCategory,
  { name: '招牌菜', icon: '', enabled: true },
  { name: '招牌热菜', enabled: false },
);
resourceContract(
  product,
  {
    name: '宫保鸡丁',
    categoryId: null,
    images: ['/uploads/dish.png'],
    price: '32.00',
    originalPrice: '38.00',
    stock: 50,
    description: '<p>微辣</p>',
  },
  { price: '29.90', stock: 40 },
);
resourceContract(
  carousel,
  {
    position: 1,
    title: '开业八折',
    image: '/uploads/banner.png',
    link: '/pages/index/index',
    enabled: true,
    startAt: null,
    endAt: null,
  },
  { title: '开业七折', link: 'https://shop.example.com/sale' },
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

describe('the storefront catalogue', () => {
  it('puts products on and off sale, and filters them by category and status', async () => {
    const hot = (await call('/admin/product-category/create', { name: '热菜' })).data;
    const cold = (await call('/admin/product-category/create', { name: '凉菜' })).data;
    const dish = (
      await call('/admin/product/create', { name: '宫保鸡丁', categoryId: hot.id, price: '32' })
    ).data;
    expect(dish).toMatchObject({ status: 'off', price: '32.00', salesCount: 0 });
    expect(dish.labels.categoryId).toBe('热菜');
    await call('/admin/product/create', { name: '拍黄瓜', categoryId: cold.id, price: '12' });
    const on = await call('/admin/product/onSale', { ids: [dish.id] });
    expect(on.code, on.msg).toBe(200);
    const selling = (await call('/admin/product/list', { status: 'on' })).data.items;
    expect(selling.map((p: { name: string }) => p.name)).toEqual(['宫保鸡丁']);
    expect((await call('/admin/product/list', { categoryId: cold.id })).data.total).toBe(1);
    // On sale already: not again; a category in use stays.
    expect((await call('/admin/product/onSale', { ids: [dish.id] })).code).not.toBe(200);
    expect((await call('/admin/product-category/delete', { ids: [hot.id] })).code).toBe(40900);
    // Another merchant's category is not one to choose.
    const other = await createOtherMerchant(t);
    const theirs = (await call('/admin/product-category/create', { name: '别家' }, other.token))
      .data;
    const refused = await call('/admin/product/update', { id: dish.id, categoryId: theirs.id });
    expect(refused.data.fields[0].field).toBe('categoryId');
  });

  it('orders categories and slides by dragging, and checks a slide’s link', async () => {
    const names = ['主食', '小吃', '饮品'];
    const ids: number[] = [];
    for (const name of names)
      ids.push((await call('/admin/product-category/create', { name })).data.id);
    const moved = await call('/admin/product-category/move', {
      id: ids[2],
      parentId: null,
      index: 0,
    });
    expect(moved.code, moved.msg).toBe(200);
    const order = (await call('/admin/product-category/list', { order: 'asc' })).data.items.map(
      (c: { name: string }) => c.name,
    );
    expect(order).toEqual(['饮品', '主食', '小吃']);

    for (const link of ['javascript:alert(1)', 'product:abc', 'ftp://x', '//evil.example']) {
      const bad = await call('/admin/carousel/create', {
        position: 1,
        title: '坏链接',
        image: '/uploads/b.png',
        link,
      });
      expect(bad.code, link).toBe(40000);
      expect(bad.data.fields[0].field).toBe('link');
    }
    const dish = (await call('/admin/product/create', { name: '酸菜鱼', price: '58' })).data;
    for (const link of [
      '',
      `product:${dish.id}`,
      '/pages/menu?table=5',
      'https://shop.example.com',
    ]) {
      const ok = await call('/admin/carousel/create', {
        position: 1,
        title: link || '无链接',
        image: '/uploads/b.png',
        link,
      });
      expect(ok.code, link).toBe(200);
    }
    // The list names the product a slide links to.
    const slides = (await call('/admin/carousel/list', { keyword: 'product' })).data.items;
    expect(slides[0].labels.link).toBe('酸菜鱼');

    // A row the merchant does not have is not one to link to: missing, or another merchant's.
    const other = await createOtherMerchant(t);
    const theirs = (
      await call('/admin/product/create', { name: '别家的菜', price: '9' }, other.token)
    ).data;
    for (const link of ['article:99999', `product:${theirs.id}`]) {
      const refused = await call('/admin/carousel/create', {
        position: 1,
        title: '别家链接',
        image: '/uploads/b.png',
        link,
      });
      expect(refused.code, link).toBe(40000);
      expect(refused.data.fields[0]).toMatchObject({ field: 'link' });
      expect(refused.data.fields[0].message).toMatch(/不存在/);
    }
  });
});

describe('names and prices', () => {
  it('refuses a second category of one name, and an original price below the price', async () => {
    const hot = (await call('/admin/product-category/create', { name: '热菜' })).data;
    const again = await call('/admin/product-category/create', { name: ' 热菜 ' });
    expect(again.code).toBe(40000);
    expect(again.data.fields[0].field).toBe('name');
    expect(again.msg).toBe('已有名为“热菜”的分类，分类名称不能重复');
    const cold = (await call('/admin/product-category/create', { name: 'Cold' })).data;
    const renamed = await call('/admin/product-category/update', { id: cold.id, name: 'cold' });
    expect(renamed.code, renamed.msg).toBe(200);
    const clash = await call('/admin/product-category/update', { id: cold.id, name: '热菜' });
    expect(clash.data.fields[0].field).toBe('name');
    // Its own name kept, and another merchant's categories do not count.
    expect((await call('/admin/product-category/update', { id: hot.id, name: '热菜' })).code).toBe(
      200,
    );
    const other = await createOtherMerchant(t);
    expect((await call('/admin/product-category/create', { name: '热菜' }, other.token)).code).toBe(
      200,
    );
    // A pair saved before the rule may still be edited under its own name.
    await t.db
      .update(productCategories)
      .set({ name: '热菜' })
      .where(eq(productCategories.id, cold.id));
    const kept = await call('/admin/product-category/update', {
      id: cold.id,
      name: '热菜',
      enabled: false,
    });
    expect(kept.code, kept.msg).toBe(200);

    const below = await call('/admin/product/create', {
      name: '宫保鸡丁',
      price: '32',
      originalPrice: '28',
    });
    expect(below.code).toBe(40000);
    expect(below.data.fields[0].field).toBe('originalPrice');
    expect(below.msg).toBe('原价不能低于售价（¥32.00）；没有原价请填 0');
    const dish = await call('/admin/product/create', { name: '宫保鸡丁', price: '32' });
    expect(dish.code, dish.msg).toBe(200);
    const raised = await call('/admin/product/update', {
      id: dish.data.id,
      price: '32',
      originalPrice: '38',
    });
    expect(raised.code, raised.msg).toBe(200);
    const over = await call('/admin/product/update', { id: dish.data.id, price: '40' });
    expect(over.data.fields[0].field).toBe('originalPrice');
  });
});

describe('a product’s prices', () => {
  const specs = (small: string, mild: string) => [
    {
      name: '份量',
      options: [
        { name: '大份', priceDelta: '5' },
        { name: '小份', priceDelta: small },
      ],
    },
    { name: '辣度', options: [{ name: '特辣' }, { name: '免辣', priceDelta: mild }] },
  ];

  it('refuses options that bring any choice below 0, naming them', async () => {
    const refused = await call('/admin/product/create', {
      name: '水煮鱼',
      price: '10',
      specs: specs('-50', '-5'),
    });
    expect(refused.code).toBe(40000);
    expect(refused.data.fields[0].field).toBe('specs');
    expect(refused.msg).toBe(
      '规格“份量 小份 / 辣度 免辣”使售价降到 -¥45.00；任一规格组合的售价都不能低于 0',
    );
    // A negative change is fine while every choice still costs 0 or more.
    const dish = await call('/admin/product/create', {
      name: '水煮鱼',
      price: '10',
      specs: specs('-8', '-2'),
    });
    expect(dish.code, dish.msg).toBe(200);
    // Lowering the price later is checked against the stored options.
    const lowered = await call('/admin/product/update', { id: dish.data.id, price: '9.99' });
    expect(lowered.code).toBe(40000);
    expect(lowered.data.fields[0].field).toBe('specs');
    // One saved before the rule is not put on sale, but may be renamed and taken off sale.
    await t.db
      .update(products)
      .set({ specs: specs('-50', '-5'), status: 'on' })
      .where(eq(products.id, dish.data.id));
    expect((await call('/admin/product/offSale', { ids: [dish.data.id] })).code).toBe(200);
    expect((await call('/admin/product/update', { id: dish.data.id, name: '旧水煮鱼' })).code).toBe(
      200,
    );
    const onSale = await call('/admin/product/onSale', { ids: [dish.data.id] });
    expect(onSale.code).not.toBe(200);
    expect(onSale.msg).toMatch(/不能低于 0/);
  });
});
