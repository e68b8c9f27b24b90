import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { goods } from '../../db/schema/goods';
import { materials } from '../../db/schema/material';
import { operationLogs } from '../../db/schema/operation-log';
import { createLocalStorage } from '../../storage/local';
import { sweepUploads } from '../material/sweep';
import {
  collect,
  detail,
  origin,
  PAGES,
  PNG,
  t,
  token,
  uploads,
  withCollectionBoxApp,
} from './test-collection-box';

withCollectionBoxApp();

describe('images', () => {
  it("keeps a page's images as the merchant's uploads: the item and its draft show them; one that fails is said, not fatal", async () => {
    const [lamp] = await collect({ urls: `${origin}/gallery` });
    expect(lamp).toMatchObject({
      outcome: 'collected',
      imagesStored: 2,
      imagesFailed: [
        { url: `${origin}/img/missing.jpg`, reason: '网站返回 HTTP 404' },
        { url: `${origin}/img/fake.jpg`, reason: '不是 JPG、PNG、GIF 或 WebP 图片' },
        { url: `${origin}/img/notes.txt`, reason: '不是图片（text/plain）' },
        { url: `${origin}/img/huge.png`, reason: '图片超过 4 KB' },
        {
          url: 'http://10.0.0.1/lamp.png',
          reason: '10.0.0.1 指向内网或本机地址（10.0.0.1），不能下载',
        },
      ],
    });
    const item = (await detail(lamp!.id!)).data;
    // In the page's order, the merchant's copies: a PNG and a GIF, by their content.
    expect(item.images).toEqual([
      expect.stringMatching(/^\/uploads\/1\/\d{4}-\d{2}\/[a-f0-9]{32}\.png$/),
      expect.stringMatching(/^\/uploads\/1\/\d{4}-\d{2}\/[a-f0-9]{32}\.gif$/),
    ]);
    const served = await t.app.inject({ method: 'GET', url: item.images[0] });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // In the material library, named after the page's files.
    const library = await t.db.select().from(materials).where(eq(materials.merchantId, 1));
    expect(library.map((m) => [m.url, m.name, m.mime]).sort()).toEqual(
      [
        [item.images[0], 'lamp.png', 'image/png'],
        [item.images[1], 'lamp-2.gif', 'image/gif'],
      ].sort(),
    );
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'collection-box.collect'));
    expect(log?.detail).toMatchObject({ collected: 1, imagesStored: 2, imagesFailed: 5 });

    // The draft claimed from it shows the same copies, and the sweep keeps them.
    await t.post('/admin/collection-box/claim', { ids: [lamp!.id] }, token);
    const goodsId = (await detail(lamp!.id!)).data.goodsId;
    const [draft] = await t.db.select().from(goods).where(eq(goods.id, goodsId));
    expect(draft!.images).toEqual(item.images);
    const swept = await sweepUploads(t.db, createLocalStorage(uploads), { graceMs: 0 });
    expect(swept).toMatchObject({ checked: 2, removed: 0 });
    expect((await t.app.inject({ method: 'GET', url: item.images[1] })).statusCode).toBe(200);
  });

  it('stores nothing for a page already in the box, and names the failure in English', async () => {
    const [first] = await collect({ html: PAGES['/ld']!, url: `${origin}/ld` });
    expect(first).toMatchObject({ outcome: 'collected', imagesStored: 2, imagesFailed: [] });
    const [again] = await collect({ html: PAGES['/ld']!, url: `${origin}/ld` });
    expect(again!.outcome).toBe('duplicate');
    expect(await t.db.select().from(materials)).toHaveLength(2);
    const swept = await sweepUploads(t.db, createLocalStorage(uploads), { graceMs: 0 });
    expect(swept).toMatchObject({ checked: 2, removed: 0 });
    const english = (
      await t.post('/admin/collection-box/collect', { urls: `${origin}/gallery` }, token, {
        'accept-language': 'en',
      })
    ).json();
    expect(english.data.results[0].imagesFailed[0]).toEqual({
      url: `${origin}/img/missing.jpg`,
      reason: 'The site answered HTTP 404',
    });
  });
});
