import { describe, expect, it } from 'vitest';
import { charWidth, type Receipt, renderCopies, renderReceipt, textWidth, wrap } from './receipt';

const receipt: Receipt = {
  title: '川味小馆',
  lines: [
    { text: '宫保鸡丁 ×2', right: '64.00' },
    { text: 'Cola', right: '5.00' },
    { text: '这是一道名字特别特别特别特别长的招牌菜', right: '128.00' },
  ],
  total: { label: '合计', amount: '¥197.00' },
  footer: ['谢谢惠顾'],
};

describe('receipt rendering', () => {
  it('counts a Chinese character as two columns', () => {
    expect(charWidth('宫')).toBe(2);
    expect(charWidth('a')).toBe(1);
    expect(charWidth('，')).toBe(2);
    expect(textWidth('宫保 x2')).toBe(7);
  });

  it('wraps without splitting a wide character', () => {
    expect(wrap('一二三四五', 5)).toEqual(['一二', '三四', '五']);
    expect(wrap('abcdef', 4)).toEqual(['abcd', 'ef']);
  });

  for (const columns of [32, 48])
    it(`never goes past ${columns} columns, and puts amounts at the right edge`, () => {
      const lines = renderReceipt(receipt, columns).split('\n');
      for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(columns);
      expect(lines[1]).toBe('-'.repeat(columns));
      const dish = lines.find((l) => l.startsWith('宫保鸡丁'))!;
      expect(textWidth(dish)).toBe(columns);
      expect(dish.endsWith('64.00')).toBe(true);
      const total = lines.find((l) => l.startsWith('合计'))!;
      expect(total.endsWith('¥197.00')).toBe(true);
      expect(textWidth(total)).toBe(columns);
    });

  it('centres the title and the footer', () => {
    const [title] = renderReceipt(receipt, 32).split('\n');
    expect(title).toBe(`${' '.repeat(12)}川味小馆`);
    expect(renderReceipt(receipt, 32).split('\n').at(-1)).toBe(`${' '.repeat(12)}谢谢惠顾`);
  });

  it('wraps a long item and keeps its amount at the right of its last line', () => {
    const lines = renderReceipt(receipt, 32).split('\n');
    const at = lines.findIndex((l) => l.startsWith('这是一道'));
    expect(lines[at]).toBe('这是一道名字特别特别特别特别长的');
    expect(lines[at + 1]).toBe(`招牌菜${' '.repeat(32 - 6 - 6)}128.00`);
  });

  it('prints each copy, a cut line between two', () => {
    const one = renderReceipt(receipt, 32);
    const two = renderCopies(receipt, 32, 2);
    expect(two).toBe(`${one}\n${'- '.repeat(15)}-\n${one}`);
    expect(renderCopies(receipt, 48, 1)).toBe(renderReceipt(receipt, 48));
  });
});
