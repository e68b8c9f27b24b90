import { describe, expect, it } from 'vitest';
import { completed, customerToken, storefrontOrder } from '../product-order/test-orders';
import { ok, owner, shop, withStoreApp } from '../product-order/test-store';

withStoreApp();

/** The n-th customer's completed order, rated. */
async function rated(n: number, rating: number, content: string) {
  const made = owner();
  const order = await storefrontOrder(made, n);
  await completed(made, order.id);
  const answer = await shop('order/evaluate', {
    token: customerToken(n),
    orderNo: order.orderNo,
    rating,
    content,
  });
  expect(answer.code, answer.msg).toBe(200);
}

describe('the storefront’s store page', () => {
  it('shows the store’s address, phone, intro and today’s hours', async () => {
    const details = await ok('/admin/store/get');
    const everyDay = Array.from({ length: 7 }, () => [
      { from: '10:00', to: '14:00' },
      { from: '17:00', to: '21:30' },
    ]);
    await ok('/admin/store/update', {
      id: details.id,
      intro: '正宗川味，现点现做',
      phone: '13800000000',
      address: '杭州市西湖区文三路 1 号',
      hours: { week: everyDay, exceptions: [] },
    });
    const { merchant } = (await shop('store')).data;
    expect(merchant).toMatchObject({
      intro: '正宗川味，现点现做',
      phone: '13800000000',
      address: '杭州市西湖区文三路 1 号',
      todayHours: [
        { from: '10:00', to: '14:00' },
        { from: '17:00', to: '21:30' },
      ],
    });
    // A new store opens all day; a day closed has no hours.
    await ok('/admin/store/update', {
      id: details.id,
      hours: { week: [[], [], [], [], [], [], []], exceptions: [] },
    });
    expect((await shop('store')).data.merchant.todayHours).toEqual([]);
  });

  it('scores the store on every rating, and shows only the reviews the store shows (店铺展示)', async () => {
    expect((await shop('store')).data.score).toEqual({ average: '0.0', count: 0 });
    await rated(1, 5, '面很筋道');
    await rated(2, 4, '汤有点咸');
    await rated(3, 4, '');
    const page = (await shop('store')).data;
    expect(page.score).toEqual({ average: '4.3', count: 3 });
    expect(page.reviews.map((r: { content: string }) => r.content).sort()).toEqual([
      '汤有点咸',
      '面很筋道',
    ]);
    // Hidden from the store: the review goes, its rating still counts.
    const { items } = await ok('/admin/evaluate/list', {});
    const salty = items.find((r: { content: string }) => r.content === '汤有点咸');
    await ok('/admin/evaluate/update', { id: salty.id, visible: false });
    const after = (await shop('store')).data;
    expect(after.reviews.map((r: { content: string }) => r.content)).toEqual(['面很筋道']);
    expect(after.score).toEqual({ average: '4.3', count: 3 });
  });
});
