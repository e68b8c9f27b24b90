import { describe, expect, it } from 'vitest';
import { formatLink, parseLink } from './link';

describe('links', () => {
  it('reads a row, a page and a web address, and writes each back as it was', () => {
    for (const [text, link] of [
      ['product:12', { kind: 'product', id: 12 }],
      ['article:3', { kind: 'article', id: 3 }],
      ['/pages/product/detail?id=5', { kind: 'page', path: '/pages/product/detail?id=5' }],
      ['https://shop.example.com/a?b=1', { kind: 'url', url: 'https://shop.example.com/a?b=1' }],
    ] as const) {
      expect(parseLink(text)).toEqual(link);
      expect(formatLink(parseLink(text)!)).toBe(text);
    }
  });

  it('refuses what is not a link: scripts, other schemes, protocol-relative addresses, bad ids', () => {
    for (const text of [
      '',
      'javascript:alert(1)',
      'ftp://x/y',
      '//evil.example/x',
      'product:0',
      'product:abc',
      'goods:1',
      'https://a b',
      `/${'x'.repeat(500)}`,
    ])
      expect(parseLink(text), text).toBeNull();
  });
});
