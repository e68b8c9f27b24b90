import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize-html';

describe('sanitizeArticleHtml', () => {
  it('removes script tags and their content', () => {
    expect(sanitizeArticleHtml('<p>hi</p><script>alert(1)</script>')).toBe('<p>hi</p>');
  });
  it('removes event handlers', () => {
    expect(
      sanitizeArticleHtml(
        '<p onclick="x()">a</p><img src="https://a.example/x.png" onerror="steal()">',
      ),
    ).toBe('<p>a</p><img src="https://a.example/x.png" />');
  });
  it('removes javascript: and data: links', () => {
    expect(sanitizeArticleHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<img src="data:image/png;base64,xx">')).toBe('');
  });
  it('removes frames, styles and forms', () => {
    expect(
      sanitizeArticleHtml(
        '<iframe src="https://e.example"></iframe><style>p{}</style><form><input></form>ok',
      ),
    ).toBe('ok');
  });
  it('keeps formatting, tables, safe links and uploaded images', () => {
    const html =
      '<h2>T</h2><p style="text-align:center"><strong>b</strong> <a href="https://e.example" target="_blank">l</a></p>' +
      '<table><tbody><tr><td colspan="2">c</td></tr></tbody></table><img src="/uploads/1/a.png" alt="a" />';
    expect(sanitizeArticleHtml(html)).toBe(
      '<h2>T</h2><p style="text-align:center"><strong>b</strong> <a href="https://e.example" target="_blank" rel="noopener noreferrer">l</a></p>' +
        '<table><tbody><tr><td colspan="2">c</td></tr></tbody></table><img src="/uploads/1/a.png" alt="a" />',
    );
  });
});
