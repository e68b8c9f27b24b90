import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, parseMarkdown } from './markdown';

describe('the demos’ markdown', () => {
  it('reads headings, paragraphs, code, lists, quotes, tables and rules', () => {
    const blocks = parseMarkdown(
      '# Title\n\nsome *text*\nmore\n\n```bash\nnpm start\n```\n- a\n- b\n\n1. one\n\n> said\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n---\n',
    );
    expect(blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'code',
      'list',
      'list',
      'quote',
      'table',
      'rule',
    ]);
    expect(blocks[1]).toEqual({ kind: 'paragraph', text: 'some *text* more' });
    expect(blocks[2]).toEqual({ kind: 'code', text: 'npm start' });
    expect(blocks[6]).toEqual({ kind: 'table', header: ['a', 'b'], rows: [['1', '2']] });
  });

  it('draws inline marks and links, and never a script link or raw HTML', () => {
    render(
      <Markdown
        source={'**bold** `code` [site](https://example.com) [bad](javascript:alert(1)) <b>x</b>'}
      />,
    );
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'site' })).toHaveProperty(
      'href',
      'https://example.com/',
    );
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(document.querySelector('b')).toBeNull();
  });
});
