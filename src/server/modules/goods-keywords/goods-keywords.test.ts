import { afterEach, describe, expect, it } from 'vitest';
import { goodsKeywords } from '../../../shared/resources/goods-keywords';
import { resourceContract } from '../../kit/resource-contract';
import { createTestApp, type TestApp } from '../../test-support';

resourceContract(
  goodsKeywords,
  {
    name: '蓝牙耳机 美国站',
    marketplace: 'amazon',
    site: 'US',
    keywords: 'wireless earbuds bluetooth headphones',
    remark: '',
  },
  { keywords: 'wireless earbuds noise cancelling', site: 'CA' },
);

describe('keyword sets in the operation log', () => {
  let t: TestApp;
  afterEach(() => t.close());
  it('are named and linked by their own definition', async () => {
    t = await createTestApp({}, { shared: true });
    const token = await t.login();
    const made = (
      await t.post('/admin/goods-keywords/create', { name: '耳机词库', keywords: 'earbuds' }, token)
    ).json();
    const log = (await t.post('/admin/operation-log/list', {}, token)).json();
    const entry = log.data.items.find(
      (e: { action: string }) => e.action === 'goods-keywords.create',
    );
    expect(entry).toMatchObject({
      targetName: '耳机词库',
      targetLink: `/goods-keywords-store?id=${made.data.id}`,
    });
  });
});
