import { describe, expect, it } from 'vitest';
import {
  combinationsOf,
  moveSpecStock,
  priceWithSpecs,
  productSkus,
  productSpecs,
} from './product-specs';

const specs = productSpecs.parse([
  { name: '份量', options: [{ name: '小份' }, { name: '大份', priceDelta: '5', stock: 3 }] },
  { name: '辣度', options: [{ name: '微辣' }, { name: '特辣' }] },
]);
const skus = productSkus.parse([
  { options: ['大份', '特辣'], price: '30', stock: 1, code: 'L-HOT' },
]);

describe('spec combinations', () => {
  it('lists every combination in the groups’ order', () => {
    expect(combinationsOf(specs)).toEqual([
      ['小份', '微辣'],
      ['小份', '特辣'],
      ['大份', '微辣'],
      ['大份', '特辣'],
    ]);
    expect(combinationsOf([])).toEqual([]);
  });

  it('sells a combination at its own price, the others at the options’ changes', () => {
    expect(priceWithSpecs('20', specs, { 份量: '大份', 辣度: '特辣' }, skus)).toEqual({
      price: '30.00',
      label: '大份 / 特辣',
    });
    expect(priceWithSpecs('20', specs, { 份量: '大份', 辣度: '微辣' }, skus)?.price).toBe('25.00');
    expect(priceWithSpecs('20', specs, { 份量: '大份', 辣度: '特辣' })?.price).toBe('25.00');
  });

  it('takes and gives back the options’ and the combination’s stock, naming what is short', () => {
    const choice = { 份量: '大份', 辣度: '特辣' };
    const taken = moveSpecStock(specs, skus, choice, 1);
    expect(taken.short).toBeNull();
    expect(taken.skus[0]!.stock).toBe(0);
    expect(taken.specs[0]!.options[1]!.stock).toBe(2);
    expect(moveSpecStock(taken.specs, taken.skus, choice, 1).short).toBe('大份 / 特辣');
    const back = moveSpecStock(taken.specs, taken.skus, choice, -1);
    expect(back.skus[0]!.stock).toBe(1);
    expect(back.specs[0]!.options[1]!.stock).toBe(3);
    // Another combination leaves this one's stock alone.
    expect(moveSpecStock(specs, skus, { 份量: '大份', 辣度: '微辣' }, 1).skus[0]!.stock).toBe(1);
  });

  it('refuses a negative price and the same combination twice', () => {
    expect(productSkus.safeParse([{ options: ['大份'], price: '-1' }]).success).toBe(false);
    expect(productSkus.safeParse([{ options: ['大份'] }, { options: ['大份'] }]).success).toBe(
      false,
    );
    expect(productSkus.parse([{ options: ['大份'], price: '' }])[0]!.price).toBeNull();
  });
});
