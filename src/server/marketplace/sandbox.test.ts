import { describe, expect, it } from 'vitest';
import { FeedRefused, type MarketplaceItem } from './marketplace';
import { SandboxMarketplace } from './sandbox';

const item = (over: Partial<MarketplaceItem> = {}): MarketplaceItem => ({
  sellerSku: 'SKU-1',
  title: 'Steel pan',
  upc: '036000291452',
  images: ['https://img.example.com/a.jpg'],
  bulletPoints: [],
  price: '13.70',
  currency: 'USD',
  stock: 5,
  ...over,
});
const target = {
  merchantId: 1,
  kind: 'product' as const,
  marketplace: 'amazon',
  site: 'US',
  opening: false,
};

describe('the sandbox marketplace', () => {
  it('accepts a complete item with a stable listing id, and says why it refuses the others', async () => {
    const sandbox = new SandboxMarketplace({ chaos: 0, batchMs: 0 });
    const [ok] = await sandbox.submit(target, [item()]);
    expect(ok).toMatchObject({
      accepted: true,
      listingId: expect.stringMatching(/^B[0-9A-F]{9}$/),
    });
    const [again] = await sandbox.submit(target, [item()]);
    expect(again?.listingId).toBe(ok?.listingId);
    const refused = await sandbox.submit(target, [
      item({ sellerSku: 'a', upc: '' }),
      item({ sellerSku: 'b', images: [] }),
      item({ sellerSku: 'c', title: 'x'.repeat(201) }),
      item({ sellerSku: 'd', title: 'Replica watch' }),
      item({ sellerSku: 'e', title: '高仿手表' }),
      item({ sellerSku: 'f', price: '0.00' }),
      item({ sellerSku: 'g', stock: -1 }),
    ]);
    expect(refused.map((o) => o.error)).toEqual([
      'missing-upc',
      'missing-image',
      'title-too-long',
      'banned-word',
      'banned-word',
      'price',
      'stock',
    ]);
  });

  it('checks only what a price or stock change carries', async () => {
    const sandbox = new SandboxMarketplace({ chaos: 0, batchMs: 0 });
    const change = { ...target, kind: 'price' as const };
    const [ok] = await sandbox.submit(change, [item({ upc: '', images: [], stock: null })]);
    expect(ok?.accepted).toBe(true);
    const [zero] = await sandbox.submit(change, [item({ price: '0' })]);
    expect(zero?.error).toBe('price');
  });

  it('refuses a whole feed as often as its chaos says, as the feed opens', async () => {
    const opening = { ...target, opening: true };
    const down = new SandboxMarketplace({ chaos: 0.5, batchMs: 0, random: () => 0.3 });
    await expect(down.submit(opening, [item()])).rejects.toBeInstanceOf(FeedRefused);
    // A feed it opened, it sees through.
    expect(await down.submit(target, [item()])).toHaveLength(1);
    const up = new SandboxMarketplace({ chaos: 0.5, batchMs: 0, random: () => 0.7 });
    expect(await up.submit(opening, [item()])).toHaveLength(1);
  });

  it('settles each order sold as paid out less fees and refunds, off now and then with chaos', async () => {
    const sold = [
      { orderNo: 'A', totalAmount: '50.00', fees: '7.50', refundAmount: '0.00' },
      { orderNo: 'B', totalAmount: '25.00', fees: '3.75', refundAmount: '5.00' },
    ];
    const calm = new SandboxMarketplace({ chaos: 0, batchMs: 0 });
    expect(
      await calm.settlement({ merchantId: 1, marketplace: 'amazon', site: 'US' }, sold),
    ).toEqual([
      { orderNo: 'A', payout: '42.50' },
      { orderNo: 'B', payout: '16.25' },
    ]);
    // A roll under a quarter of the chaos leaves the order out; under half pays it short.
    const rolls = [0.9, 0.05, 0.15];
    const rough = new SandboxMarketplace({
      chaos: 0.4,
      batchMs: 0,
      random: () => rolls.shift() ?? 0.9,
    });
    const lines = await rough.settlement(
      { merchantId: 1, marketplace: 'amazon', site: 'US' },
      sold,
    );
    expect(lines).toEqual([{ orderNo: 'B', payout: '15.50' }]);
  });
});
