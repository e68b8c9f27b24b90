import { describe, expect, it } from 'vitest';
import { expandSkuRule, repeatedSkus } from './sku-rule';

const row = { options: { 颜色: 'RED', 尺码: 'XL' }, index: 4 };

describe('expandSkuRule', () => {
  it('puts each attribute value, the place and the goods number in', () => {
    expect(expandSkuRule('T1001-{颜色}-{尺码}', row)).toEqual({ ok: true, sku: 'T1001-RED-XL' });
    expect(expandSkuRule('WOK-{序号}', row)).toEqual({ ok: true, sku: 'WOK-5' });
    expect(expandSkuRule('WOK-{序号:3}', row)).toEqual({ ok: true, sku: 'WOK-005' });
    expect(expandSkuRule('G{ID}-{尺码}', row, 42)).toEqual({ ok: true, sku: 'G42-XL' });
    expect(expandSkuRule(' A { 颜色 } ', row)).toEqual({
      ok: false,
      reason: 'chars',
      sku: 'A RED',
      detail: ' ',
    });
  });

  it('turns spaces in a value into dashes', () => {
    expect(expandSkuRule('{颜色}', { options: { 颜色: 'Dark  Blue' }, index: 0 })).toEqual({
      ok: true,
      sku: 'Dark-Blue',
    });
  });

  it('says a placeholder that names no attribute', () => {
    expect(expandSkuRule('T-{颜色}-{材质}', row)).toMatchObject({
      ok: false,
      reason: 'unknown',
      detail: '{材质}',
    });
  });

  it('says characters a SKU may not hold, and a SKU too long', () => {
    expect(expandSkuRule('T-{颜色}', { options: { 颜色: '红' }, index: 0 })).toEqual({
      ok: false,
      reason: 'chars',
      sku: 'T-红',
      detail: '红',
    });
    expect(expandSkuRule(`${'A'.repeat(38)}-{尺码}`, row)).toMatchObject({
      ok: false,
      reason: 'long',
    });
  });
});

describe('repeatedSkus', () => {
  it('names SKUs written twice, in any case', () => {
    expect(repeatedSkus(['A-1', 'a-1', 'B', '', ''])).toEqual(['A-1', 'a-1']);
    expect(repeatedSkus(['A', 'B'])).toEqual([]);
  });
});
