import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { goodsCategory } from '../../../shared/resources/goods-category';
import { goodsCategories } from '../../db/schema/goods-category';
import { resourceContract } from '../../kit/resource-contract';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';

resourceContract(
  goodsCategory,
  { name: '厨房用品', parentId: null, marketplaceCategory: 'Home & Kitchen', enabled: true },
  { marketplaceCategory: 'Home & Kitchen › Kitchen & Dining', enabled: false },
);

describe('goods categories as a tree', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterEach(() => t.close());
  const call = async (action: string, body: Record<string, unknown>, as = token) =>
    (await t.post(`/admin/goods-category/${action}`, body, as)).json();
  const make = async (name: string, parentId: number | null = null) => {
    const made = await call('create', { name, parentId });
    expect(made.code, made.msg).toBe(200);
    return made.data.id as number;
  };
  /** The tree as `name>child,child` lines, in order. */
  const outline = async () => {
    const { data } = await call('tree', {});
    const rows = data.items as { id: number; name: string; parentId: number | null }[];
    const under = (parent: number | null): string[] =>
      rows
        .filter((r) => r.parentId === parent)
        .flatMap((r) => {
          const children = under(r.id);
          return [children.length ? `${r.name}>${children.join(',')}` : r.name];
        });
    return under(null);
  };

  it('numbers siblings in the order they come, names the parent, and moves rows by dragging', async () => {
    const kitchen = await make('厨房');
    const pans = await make('锅具', kitchen);
    const knives = await make('刀具', kitchen);
    const garden = await make('园艺');
    expect(await outline()).toEqual(['厨房>锅具,刀具', '园艺']);
    const detail = await call('detail', { id: pans });
    expect(detail.data).toMatchObject({ sortOrder: 0, labels: { parentId: '厨房' } });
    expect((await call('detail', { id: knives })).data.sortOrder).toBe(1);

    // Reorder within the parent, then move under another parent at a place.
    expect((await call('move', { id: knives, parentId: kitchen, index: 0 })).code).toBe(200);
    expect(await outline()).toEqual(['厨房>刀具,锅具', '园艺']);
    expect((await call('move', { id: pans, parentId: garden, index: 0 })).code).toBe(200);
    expect(await outline()).toEqual(['厨房>刀具', '园艺>锅具']);
    expect((await call('move', { id: garden, parentId: null, index: 0 })).code).toBe(200);
    expect(await outline()).toEqual(['园艺>锅具', '厨房>刀具']);
    // Changing the parent in the form puts it last there.
    const edited = await call('update', { id: knives, name: '刀具', parentId: garden });
    expect(edited.data).toMatchObject({ parentId: garden, sortOrder: 1 });
    expect(await outline()).toEqual(['园艺>锅具,刀具', '厨房']);
  });

  it('refuses a loop, a fifth level and a parent of another merchant', async () => {
    const a = await make('一级');
    const b = await make('二级', a);
    const c = await make('三级', b);
    const d = await make('四级', c);
    const loop = await call('move', { id: a, parentId: c, index: 0 });
    expect(loop.code).toBe(40000);
    expect(loop.data.fields[0].field).toBe('parentId');
    expect((await call('update', { id: a, name: '一级', parentId: a })).code).toBe(40000);
    expect((await call('create', { name: '五级', parentId: d })).code).toBe(40000);
    // Moving a two-level branch under the third level would make five levels.
    const e = await make('另一支');
    await make('另一支的子', e);
    expect((await call('move', { id: e, parentId: c, index: 0 })).code).toBe(40000);
    expect((await call('move', { id: e, parentId: b, index: 0 })).code).toBe(200);

    const other = await createOtherMerchant(t);
    const theirs = (await call('create', { name: '别家的' }, other.token)).data.id;
    expect((await call('create', { name: '挂到别家', parentId: theirs })).code).toBe(40000);
    expect((await call('move', { id: a, parentId: theirs, index: 0 }, token)).code).toBe(40000);
    expect((await call('move', { id: theirs, parentId: null, index: 0 })).code).toBe(40400);
  });

  it('keeps a category with sub-categories, unless they go with it', async () => {
    const a = await make('父');
    const b = await make('子', a);
    const refused = await call('delete', { ids: [a] });
    expect(refused.code).toBe(40900);
    expect((await call('delete', { ids: [a, b] })).data.deleted).toBe(2);
  });

  it('refuses a second category of one name among siblings, not under another parent', async () => {
    const phones = await make('手机');
    const computers = await make('电脑');
    await make('配件', phones);
    await make('配件', computers);
    const again = await call('create', { name: '配件 ', parentId: phones });
    expect(again.code).toBe(40000);
    expect(again.data.fields[0].field).toBe('name');
    expect(again.msg).toBe('同一级下已有名为“配件”的分类，分类名称不能重复');
    const root = await call('create', { name: '电脑', parentId: null });
    expect(root.data.fields[0].field).toBe('name');
    // Renamed onto a sibling's name, or moved by its form under a parent that has that name.
    const cases = await make('保护壳', phones);
    expect((await call('update', { id: cases, name: '配件' })).data.fields[0].field).toBe('name');
    const cables = await make('数据线');
    await call('update', { id: cables, name: '配件' });
    expect((await call('update', { id: cables, parentId: computers })).code).toBe(40000);
    // A pair saved before the rule may still be edited where it is, under its own name.
    await t.db.update(goodsCategories).set({ name: '配件' }).where(eq(goodsCategories.id, cases));
    const kept = await call('update', { id: cases, name: '配件', enabled: false });
    expect(kept.code, kept.msg).toBe(200);
  });

  it('logs a move, and lets a picker list the tree only to those who may', async () => {
    const a = await make('甲');
    const b = await make('乙');
    await call('move', { id: b, parentId: a, index: 0 });
    const log = (await t.post('/admin/operation-log/list', {}, token)).json();
    expect(log.data.items[0]).toMatchObject({ action: 'goods-category.move' });
    const options = await call('options', {});
    expect(options.data.items).toEqual([
      { id: a, title: '甲', parentId: null },
      { id: b, title: '乙', parentId: a },
    ]);
    const { token: none } = await createAccount(t, { name: 'no-goods', permissions: [] });
    expect((await call('options', {}, none)).code).toBe(40300);
    expect((await call('move', { id: b, parentId: null, index: 0 }, none)).code).toBe(40300);
  });
});
