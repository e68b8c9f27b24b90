import { describe, expect, it } from 'vitest';
import { miniProgramHome } from '../../../shared/resources/mini-program-home';
import { resourceContract } from '../../kit/resource-contract';
import { createAccount, createOtherMerchant } from '../../test-support';
import {
  APPLICATION,
  call,
  freshMiniProgramApp,
  INFO,
  ok,
  register,
  runJobs,
  t,
  token,
  upload,
  version,
} from './mini-program-testing';

resourceContract(
  miniProgramHome,
  {
    position: 2,
    title: '春季上新',
    image: '/uploads/1/banner.png',
    icon: 'none',
    link: '/pages/index/index',
    enabled: true,
    startAt: null,
    endAt: null,
  },
  { title: '夏季上新' },
);

freshMiniProgramApp();

describe('permissions and isolation', () => {
  it("a sub-account reaches only its routes' calls", async () => {
    const { token: publisher } = await createAccount(t, {
      name: 'publisher',
      permissions: ['mini-program-publish'],
    });
    const { token: registrar } = await createAccount(t, {
      name: 'registrar',
      permissions: ['mini-program-register-list'],
    });
    expect(
      (await call('/admin/mini-program-registration/submit', APPLICATION, publisher)).code,
    ).toBe(40300);
    // The list's right is not the right to register.
    expect(
      (await call('/admin/mini-program-registration/submit', APPLICATION, registrar)).code,
    ).toBe(40300);
    expect((await call('/admin/mini-program-registration/list', {}, registrar)).code).toBe(200);
    expect((await call('/admin/mini-program-registration/list', {}, publisher)).code).toBe(40300);
    expect((await call('/admin/mini-program-info/submit', INFO, publisher)).code).toBe(40300);
    expect(
      (await call('/admin/mini-program-version/upload', { templateId: 'T1001' }, registrar)).code,
    ).toBe(40300);
    expect(
      (await call('/admin/page-path/qr', { path: '/pages/index/index' }, publisher)).code,
    ).toBe(40300);
    // Where the mini-program stands: any of the area's screens.
    expect((await call('/admin/mini-program/state', {}, publisher)).code).toBe(200);
    const { token: stranger } = await createAccount(t, {
      name: 'stranger',
      permissions: ['client-list'],
    });
    expect((await call('/admin/mini-program/state', {}, stranger)).code).toBe(40300);
    expect(
      (await call('/admin/mini-program/history', { subject: 'version', id: 1 }, registrar)).code,
    ).toBe(40300);
  });

  it("one merchant neither sees nor moves another's applications and versions", async () => {
    const id = await register();
    const v1 = await upload();
    const other = await createOtherMerchant(t);
    const theirs = await ok('/admin/mini-program/state', {}, other.token);
    expect(theirs).toMatchObject({ appid: null, registration: null });
    expect((await ok('/admin/mini-program-registration/list', {}, other.token)).total).toBe(0);
    expect(
      (await call('/admin/mini-program/history', { subject: 'registration', id }, other.token))
        .code,
    ).toBe(40400);
    expect((await call('/admin/mini-program-version/detail', { id: v1 }, other.token)).code).toBe(
      40400,
    );
    // It has no app: it uploads nothing, and cannot move our version.
    expect(
      (await call('/admin/mini-program-version/upload', { templateId: 'T1003' }, other.token)).code,
    ).toBe(40900);
    await ok('/admin/mini-program-registration/submit', APPLICATION, other.token);
    await runJobs();
    // The same entity is being registered by us already: the platform's check refuses it.
    const [theirApplication] = (await ok('/admin/mini-program-registration/list', {}, other.token))
      .items;
    expect(theirApplication.status).toBe('failed');
    expect((await call('/admin/mini-program-version/submit', { id: v1 }, other.token)).code).toBe(
      40900,
    );
    expect((await version(v1)).status).toBe('uploaded');
  });
});

describe('page path tool', () => {
  it("answers a page's QR code", async () => {
    const qr = await ok('/admin/page-path/qr', { path: '/pages/product/detail?id=5' });
    expect(decodeURIComponent(qr.url)).toContain('/pages/product/detail?id=5');
    expect(qr.png).toMatch(/^data:image\/png;base64,/);
    expect((await call('/admin/page-path/qr', { path: 'https://evil.example' })).code).toBe(40000);
  });

  it("offers the rows a page's parameter names to the tool and to every screen with a link", async () => {
    const { token: tool } = await createAccount(t, { name: 'tool', permissions: ['page-path'] });
    const { token: slides } = await createAccount(t, { name: 'slides', permissions: ['carousel'] });
    const { token: clients } = await createAccount(t, {
      name: 'clients',
      permissions: ['client-list'],
    });
    for (const source of ['product', 'product-category', 'table-number', 'article']) {
      expect((await call(`/admin/${source}/options`, {}, tool)).code, source).toBe(200);
      expect((await call(`/admin/${source}/options`, {}, slides)).code, source).toBe(200);
      expect((await call(`/admin/${source}/options`, {}, clients)).code, source).toBe(40300);
    }
  });
});

describe('mini-program home: banners (carousels of its position) and nine-grid entries', () => {
  const entry = (over: Record<string, unknown>) =>
    call('/admin/mini-program-home/create', {
      title: '入口',
      image: '',
      icon: 'none',
      link: '',
      enabled: true,
      startAt: null,
      endAt: null,
      position: 2,
      ...over,
    });
  const slide = (over: Record<string, unknown>, as = token) =>
    call(
      '/admin/carousel/create',
      { title: '轮播', image: '/uploads/1/b.png', link: '', enabled: true, ...over },
      as,
    );
  it('a nine-grid entry needs an image or an icon; drag order is per screen', async () => {
    expect((await entry({})).code).toBe(40000);
    const a = (await entry({ icon: 'ShopOutlined', title: 'A' })).data.id;
    const b = (await entry({ icon: 'GiftOutlined', title: 'B' })).data.id;
    const banner = (await slide({ position: 2, title: 'Banner' })).data;
    expect(banner.sortOrder).toBe(0);
    await ok('/admin/mini-program-home/move', { id: b, index: 0, position: 2 });
    const nine = await ok('/admin/mini-program-home/list', { position: 2, order: 'asc' });
    expect(nine.items.map((r: { id: number }) => r.id)).toEqual([b, a]);
    // The banners are the carousel's, not the nine-grid's.
    expect((await call('/admin/mini-program-home/create', { title: 'x', position: 1 })).code).toBe(
      40000,
    );
  });

  it('a banner is a carousel of the mini-program home: its own screen, the list of every position, never the store page', async () => {
    expect((await slide({ position: 2, image: '' })).code).toBe(40000);
    expect(
      (
        await slide({
          position: 2,
          startAt: '2026-12-02T00:00:00.000Z',
          endAt: '2026-12-01T00:00:00.000Z',
        })
      ).data.fields[0].field,
    ).toBe('endAt');
    const store = (await slide({ position: 1, title: '店铺首页图' })).data;
    const banner = (await slide({ position: 2, title: '小程序首页图' })).data;
    const titles = async (body: Record<string, unknown>, as = token) =>
      (await ok('/admin/carousel/list', body, as)).items.map((r: { title: string }) => r.title);
    expect(await titles({ position: 1 })).toEqual(['店铺首页图']);
    expect(await titles({ position: 2 })).toEqual(['小程序首页图']);
    // The list of every position: both, each with its position.
    const all = await ok('/admin/carousel/list', {});
    expect(
      all.items.map((r: { title: string; position: number }) => [r.title, r.position]).sort(),
    ).toEqual([
      ['小程序首页图', 2],
      ['店铺首页图', 1],
    ]);
    // A row is reached only through its own position's screen.
    expect((await call('/admin/carousel/detail', { id: banner.id, position: 1 })).code).toBe(40400);
    // The store page's screen alone: its own position only, not the others nor every one.
    const { token: storeOnly } = await createAccount(t, {
      name: 'store-slides',
      permissions: ['carousel'],
    });
    expect(await titles({ position: 1 }, storeOnly)).toEqual(['店铺首页图']);
    for (const body of [{ position: 2 }, {}])
      expect((await call('/admin/carousel/list', body, storeOnly)).code).toBe(40300);
    expect((await call('/admin/carousel/detail', { id: banner.id }, storeOnly)).code).toBe(40300);
    expect((await slide({ position: 2 }, storeOnly)).code).toBe(40300);
    // The list of every position: reads, adds and edits each one.
    const { token: manager } = await createAccount(t, {
      name: 'all-slides',
      permissions: ['carousel-list'],
    });
    expect((await titles({}, manager)).length).toBe(2);
    expect((await ok('/admin/carousel/detail', { id: banner.id }, manager)).title).toBe(
      '小程序首页图',
    );
    expect((await slide({ position: 2, title: '第二张' }, manager)).code).toBe(200);
    await ok('/admin/carousel/update', { id: store.id, title: '店铺首页图（改）' }, manager);
    // An edit naming another position finds nothing: a slide never moves to another position.
    expect(
      (await call('/admin/carousel/update', { id: banner.id, position: 1, title: '移走' })).code,
    ).toBe(40400);
    expect(await titles({ position: 2 })).toContain('小程序首页图');
    // The store page shows the store's slides only.
    const page = (await t.app.inject({ method: 'GET', url: '/open/shop/1/store' })).json();
    expect(page.data.slides.map((r: { title: string }) => r.title)).toEqual(['店铺首页图（改）']);
  });
});
