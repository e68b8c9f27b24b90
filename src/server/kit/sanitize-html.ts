import sanitize from 'sanitize-html';

const SAFE_IMAGE = /^(https?:\/\/|\/uploads\/)/i;

const options: sanitize.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'mark',
    'small',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s,.%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s,.%]+\)$/i],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !SAFE_IMAGE.test(frame.attribs.src ?? ''),
};

/**
 * Article HTML as stored: headings, paragraphs, lists, links (http/https/mailto), images (http(s)
 * or our uploads), tables and basic formatting. Scripts, styles, frames, event handlers and
 * javascript: URLs are removed.
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitize(html, options).trim();
}

/** Rich text is HTML in the sanitiser's safe subset, whatever wrote it. */
export const sanitizeRichText = sanitizeArticleHtml;

const escapeText = (line: string) =>
  line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A rich-text cell of an imported file as stored: HTML sanitised; plain text (no tag) in
 * paragraphs, one per line.
 */
export function richTextOfCell(text: string): string {
  if (/<[a-z!/][^>]*>/i.test(text)) return sanitizeRichText(text);
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => `<p>${escapeText(line.trim())}</p>`)
    .join('');
}

/** Rich-text fields of a resource (by kind): each value given is sanitised; others are kept. */
export function sanitizeRichTextFields(
  fields: [string, { kind: string }][],
  values: Record<string, unknown>,
): Record<string, unknown> {
  let out = values;
  for (const [key, f] of fields)
    if (f.kind === 'richText' && typeof values[key] === 'string') {
      if (out === values) out = { ...values };
      out[key] = sanitizeRichText(values[key] as string);
    }
  return out;
}

const served = new Map<string, string>();
let servedChars = 0;
/** Characters of rich text (given and answered) servedRichText keeps: a few MiB. */
const SERVED_KEPT_CHARS = 2_000_000;

/**
 * Rich text as a public page serves it: sanitised again on the way out, so that a row written
 * before the sanitiser guarded every write (or by hand) cannot carry script to a customer. The
 * latest answers are kept (a store page serves the same texts again and again), the oldest let
 * go past SERVED_KEPT_CHARS.
 */
export function servedRichText(html: string): string {
  if (!html) return html;
  const kept = served.get(html);
  if (kept !== undefined) return kept;
  const clean = sanitizeRichText(html);
  const size = html.length + clean.length;
  if (size > SERVED_KEPT_CHARS / 10) return clean;
  served.set(html, clean);
  servedChars += size;
  for (const [given, answer] of served) {
    if (servedChars <= SERVED_KEPT_CHARS) break;
    served.delete(given);
    servedChars -= given.length + answer.length;
  }
  return clean;
}
