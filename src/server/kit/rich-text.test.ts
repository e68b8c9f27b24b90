import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { goods } from '../db/schema/goods';
import { products } from '../db/schema/product';
import { createTestApp, type TestApp } from '../test-support';
import { richTextOfCell, servedRichText } from './sanitize-html';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp({ JOBS: 'off' });
  token = await t.login();
});
afterEach(() => t.close());

const call = async (url: string, body: unknown = {}) => (await t.post(url, body, token)).json();

/** What an attacker writes into a description: a script, an event handler, a javascript: link. */
const HOSTILE =
  '<p>Fresh</p><script>alert(1)</script><img src="/uploads/1/2026-11/x.png" onerror="steal()"><a href="javascript:alert(2)">more</a>';
const expectClean = (html: unknown) => {
  expect(typeof html).toBe('string');
  expect(html).not.toMatch(/<script|onerror|javascript:/i);
  expect(html).toContain('<p>Fresh</p>');
};

describe('rich text is sanitised on every write', () => {
  it('a product’s description, on create and update, and as the storefront serves it', async () => {
    const made = await call('/admin/product/create', {
      name: '牛肉面',
      price: '18',
      description: HOSTILE,
    });
    expect(made.code, made.msg).toBe(200);
    expectClean(made.data.description);
    const [stored] = await t.db.select().from(products).where(eq(products.id, made.data.id));
    expectClean(stored!.description);

    const changed = await call('/admin/product/update', {
      id: made.data.id,
      description: `${HOSTILE}<iframe src="https://evil.example"></iframe>`,
    });
    expect(changed.code, changed.msg).toBe(200);
    expectClean(changed.data.description);
    expect(changed.data.description).not.toContain('<iframe');

    // A row written before the sanitiser guarded writes (or by hand) is served clean.
    await t.db
      .update(products)
      .set({ description: HOSTILE, status: 'on' })
      .where(eq(products.id, made.data.id));
    const store = (await t.app.inject({ method: 'GET', url: '/open/shop/1/store' })).json();
    expect(store.code, store.msg).toBe(200);
    expectClean(store.data.products[0].description);
  });

  it('a goods’ description, on create and update', async () => {
    const made = await call('/admin/goods/create', { title: 'Tee', description: HOSTILE });
    expect(made.code, made.msg).toBe(200);
    expectClean(made.data.description);
    const changed = await call('/admin/goods/update', {
      id: made.data.id,
      description: `<svg onload="x()"></svg>${HOSTILE}`,
    });
    expect(changed.code, changed.msg).toBe(200);
    expectClean(changed.data.description);
    expect(changed.data.description).not.toContain('<svg');
    const [stored] = await t.db.select().from(goods).where(eq(goods.id, made.data.id));
    expectClean(stored!.description);
  });

  it('products and goods imported from a file', async () => {
    const cell = `"${HOSTILE.replace(/"/g, '""')}"`;
    const csv = (header: string, rows: string[]) => Buffer.from(`${header}\n${rows.join('\n')}\n`);
    const menu = await t.importFile(
      'commit',
      csv('name,price,description', [`拌面,12,${cell}`, '汤面,10,"Plain <b>bold</b> & text"']),
      { kind: 'product' },
      token,
      { filename: 'menu.csv' },
    );
    expect(menu.json().code, menu.json().msg).toBe(200);
    const dishes = await t.db.select().from(products).orderBy(products.name);
    expect(dishes).toHaveLength(2);
    expectClean(dishes.find((d) => d.name === '拌面')!.description);
    // HTML keeps its safe tags; text keeps its ampersand, escaped.
    expect(dishes.find((d) => d.name === '汤面')!.description).toBe('Plain <b>bold</b> &amp; text');

    const file = await t.importFile(
      'commit',
      csv('title,description,sellerSku,price', [`Tee,${cell},TEE-1,10`]),
      { kind: 'goods' },
      token,
      { filename: 'goods.csv' },
    );
    expect(file.json().code, file.json().msg).toBe(200);
    const [imported] = await t.db.select().from(goods);
    expectClean(imported!.description);
  });
});

describe('rich text helpers', () => {
  it('a plain-text cell becomes paragraphs, escaped; HTML is sanitised', () => {
    expect(richTextOfCell('a < b & c\n\nnext')).toBe('<p>a &lt; b &amp; c</p><p>next</p>');
    expect(richTextOfCell('<p onclick="x()">hi</p>')).toBe('<p>hi</p>');
    // Applying it again changes nothing (the goods import applies it to the kit's value).
    const once = richTextOfCell('a < b & c');
    expect(richTextOfCell(once)).toBe(once);
  });

  it('serves the same clean text for the same stored one', () => {
    expect(servedRichText(HOSTILE)).toBe(servedRichText(HOSTILE));
    expectClean(servedRichText(HOSTILE));
    expect(servedRichText('')).toBe('');
  });
});
