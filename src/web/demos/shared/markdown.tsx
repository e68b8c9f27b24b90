import { Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';

/** A markdown block: what the renderer draws. */
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'quote'; text: string }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'rule' };

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

/**
 * Markdown's common blocks (headings, paragraphs, fenced code, lists, quotes, tables, rules),
 * enough for the demos' editor and the README; what it does not know stays text.
 */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (/^```/.test(line)) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !/^```/.test(lines[i]!)) code.push(lines[i++]!);
      i++;
      blocks.push({ kind: 'code', text: code.join('\n') });
    } else if (/^#{1,6}\s/.test(line)) {
      const level = Math.min(5, line.match(/^#+/)![0].length) as 1 | 2 | 3 | 4 | 5;
      blocks.push({ kind: 'heading', level, text: line.replace(/^#+\s*/, '') });
      i++;
    } else if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push({ kind: 'rule' });
      i++;
    } else if (/^\s*\|.*\|\s*$/.test(line) && /^\s*\|[\s:|-]+\|\s*$/.test(lines[i + 1] ?? '')) {
      const header = cells(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i]!)) rows.push(cells(lines[i++]!));
      blocks.push({ kind: 'table', header, rows });
    } else if (/^\s*([-*+]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '' && !/^```|^#/.test(lines[i]!)) {
        const current = lines[i]!;
        if (/^\s*([-*+]|\d+\.)\s+/.test(current))
          items.push(current.replace(/^\s*([-*+]|\d+\.)\s+/, ''));
        else items[items.length - 1] += ` ${current.trim()}`;
        i++;
      }
      blocks.push({ kind: 'list', ordered, items });
    } else if (/^>\s?/.test(line)) {
      const quote: string[] = [];
      while (i < lines.length && /^>\s?/.test(lines[i]!))
        quote.push(lines[i++]!.replace(/^>\s?/, ''));
      blocks.push({ kind: 'quote', text: quote.join(' ') });
    } else if (line.trim() === '') {
      i++;
    } else {
      const text: string[] = [];
      while (
        i < lines.length &&
        lines[i]!.trim() !== '' &&
        !/^(```|#{1,6}\s|>|\s*([-*+]|\d+\.)\s+|\s*\|)/.test(lines[i]!)
      )
        text.push(lines[i++]!.trim());
      blocks.push({ kind: 'paragraph', text: text.join(' ') });
    }
  }
  return blocks;
}

const INLINE = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|(\[[^\]]+\]\([^)\s]+\))/g;

/** Inline code, bold, italics and links (http, https and mailto only), as React elements. */
export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const [whole, code, bold, italic, link] = match;
    const key = `${at}`;
    if (code)
      out.push(
        <Typography.Text key={key} code>
          {code.slice(1, -1)}
        </Typography.Text>,
      );
    else if (bold) out.push(<strong key={key}>{renderInline(bold.slice(2, -2))}</strong>);
    else if (italic) out.push(<em key={key}>{renderInline(italic.slice(1, -1))}</em>);
    else if (link) {
      const [, label, href] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(link) ?? [];
      out.push(
        /^(https?:|mailto:)/i.test(href ?? '') ? (
          <a key={key} href={href} target="_blank" rel="noreferrer">
            {label}
          </a>
        ) : (
          <Fragment key={key}>{label}</Fragment>
        ),
      );
    } else out.push(whole);
    last = at + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Markdown drawn with antd's typography (theme tokens, dark mode); no HTML is injected. */
export function Markdown({ source }: { source: string }) {
  return (
    <Typography>
      {parseMarkdown(source).map((block, index) => {
        const key = `${index}`;
        switch (block.kind) {
          case 'heading':
            return (
              <Typography.Title key={key} level={block.level}>
                {renderInline(block.text)}
              </Typography.Title>
            );
          case 'code':
            return (
              <pre key={key}>
                <code>{block.text}</code>
              </pre>
            );
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List key={key}>
                {block.items.map((item, n) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: list items have no other identity.
                  <li key={n}>{renderInline(item)}</li>
                ))}
              </List>
            );
          }
          case 'quote':
            return <blockquote key={key}>{renderInline(block.text)}</blockquote>;
          case 'table':
            return (
              <div key={key} style={{ overflowX: 'auto' }}>
                <table style={{ borderCollapse: 'collapse' }}>
                  <thead>
                    <tr>
                      {block.header.map((cell, n) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional.
                        <th key={n} style={{ textAlign: 'left', padding: '4px 8px' }}>
                          {renderInline(cell)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {block.rows.map((row, r) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional.
                      <tr key={r}>
                        {row.map((cell, n) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional.
                          <td key={n} style={{ padding: '4px 8px', verticalAlign: 'top' }}>
                            {renderInline(cell)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          case 'rule':
            return <hr key={key} />;
          default:
            return (
              <Typography.Paragraph key={key}>{renderInline(block.text)}</Typography.Paragraph>
            );
        }
      })}
    </Typography>
  );
}
