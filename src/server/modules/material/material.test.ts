import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { material } from '../../../shared/resources/material';
import { materials } from '../../db/schema/material';
import { type MadeFor, resourceContract } from '../../kit/resource-contract';
import { createAccount, createTestApp, type TestApp } from '../../test-support';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An image the merchant uploads (the only way a material comes to be), as a form posts it. */
async function uploaded(app: TestApp, as: string, filename: string) {
  const boundary = '----material-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.app.inject({
    method: 'POST',
    url: '/admin/upload',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${as}`,
    },
  });
  const body = res.json();
  expect(body.code, body.msg).toBe(200);
  return body.data.url as string;
}

resourceContract(
  material,
  { name: '招牌牛肉面', folder: '菜品' },
  { folder: '招牌菜' },
  {
    madeBy: async ({ t, token }: MadeFor, n) => {
      const url = await uploaded(t, token, `dish-${n}.png`);
      const [row] = await t.db
        .select({ id: materials.id })
        .from(materials)
        .where(and(eq(materials.merchantId, 1), eq(materials.url, url)));
      return row!.id;
    },
  },
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

const upload = (filename: string, as = token) => uploaded(t, as, filename);

describe('the material library', () => {
  it('keeps every upload, says where each is used, and keeps one in use from being deleted', async () => {
    const dish = await upload('牛肉面.png');
    const banner = await upload('banner.png');
    const list = (await call('/admin/material/list', {})).data.items;
    expect(list.map((m: { name: string }) => m.name).sort()).toEqual(['banner.png', '牛肉面.png']);
    expect(list[0]).toMatchObject({ size: PNG.length, mime: 'image/png', usedBy: '' });

    await call('/admin/product/create', { name: '红烧牛肉面', price: '22', images: [dish] });
    await call('/admin/article/create', {
      articleType: 1,
      title: '开业啦',
      body: `<p><img src="${banner}"></p>`,
    });
    const used = (await call('/admin/material/list', {})).data.items as {
      id: number;
      url: string;
      usedBy: string;
    }[];
    expect(used.find((m) => m.url === dish)!.usedBy).toBe('店铺商品「红烧牛肉面」');
    expect(used.find((m) => m.url === banner)!.usedBy).toContain('「开业啦」');

    const refused = await call('/admin/material/delete', {
      ids: [used.find((m) => m.url === dish)!.id],
    });
    expect(refused.code).toBe(40900);
    expect(refused.msg).toContain('店铺商品「红烧牛肉面」');
    const moved = await call('/admin/material/update', {
      id: used[0]!.id,
      name: '招牌面',
      folder: '菜品',
    });
    expect(moved.code, moved.msg).toBe(200);
    const spare = await upload('spare.png');
    const spareId = (await call('/admin/material/list', { keyword: 'spare' })).data.items[0].id;
    expect((await call('/admin/material/delete', { ids: [spareId] })).code).toBe(200);
    expect(spare).toMatch(/^\/uploads\//);
  });

  it('lets an image field pick from it wherever images may be uploaded, and nowhere else', async () => {
    await upload('a.png');
    const cook = await createAccount(t, { name: 'cook', permissions: ['product-list'] });
    const picked = await call('/admin/material/pick', { keyword: '' }, cook.token);
    expect(picked.code, picked.msg).toBe(200);
    expect(picked.data.items).toHaveLength(1);
    // The product screen may pick, not manage the library.
    expect((await call('/admin/material/list', {}, cook.token)).code).toBe(40300);
    const clerk = await createAccount(t, { name: 'clerk', permissions: ['cost-center'] });
    expect((await call('/admin/material/pick', {}, clerk.token)).code).toBe(40300);
  });
});
