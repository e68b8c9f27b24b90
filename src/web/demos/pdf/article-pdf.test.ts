import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { articlePdf, plainText, wrap } from './article-pdf';

describe('the PDF demo', () => {
  it('makes a real PDF of the article, its title kept', async () => {
    const bytes = await articlePdf({
      id: 1,
      timestamp: 0,
      author: 'Ann',
      reviewer: 'Bob',
      title: 'A printable article',
      content_short: 'mock data',
      content: `<p>${'word '.repeat(2000)}</p><p>Last — paragraph</p>`,
      forecast: 1,
      importance: 1,
      type: 'CN',
      status: 'draft',
      display_time: '2024-01-01 00:00:00',
      comment_disabled: true,
      pageviews: 1,
      image_uri: '',
      platforms: [],
    });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('A printable article');
    expect(doc.getPageCount()).toBeGreaterThan(1);
  });

  it('lays text out in lines and drops markup', () => {
    expect(plainText('<p>a &amp; b</p><p>c</p>')).toBe('a & b\nc');
    expect(wrap('aa bb cc', 5, (line) => line.length)).toEqual(['aa bb', 'cc']);
  });
});
