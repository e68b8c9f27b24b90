/**
 * Receipts as a cloud printer prints them: plain text in a fixed number of columns (58 mm paper
 * takes 32, 80 mm takes 48), where a Chinese character (or any full-width one) takes two.
 * Pure functions: the print log shows the text exactly as rendered here.
 */

export interface Receipt {
  title: string;
  lines: { text: string; right?: string }[];
  total?: { label: string; amount: string };
  footer?: string[];
}

/** Columns per line by paper width. */
export const PAPER_COLUMNS = { '58': 32, '80': 48 } as const;

const WIDE: readonly [number, number][] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x20000, 0x3fffd],
];

/** Columns one character takes: 2 for CJK and full-width forms, 0 for control characters. */
export function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return 0;
  return WIDE.some(([from, to]) => code >= from && code <= to) ? 2 : 1;
}

/** Columns a text takes. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/** A text cut into lines of at most `columns` (a wide character never split across two). */
export function wrap(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  let width = 0;
  for (const char of text.replace(/[\r\n\t]+/g, ' ')) {
    const w = charWidth(char);
    if (width + w > columns) {
      lines.push(line);
      line = '';
      width = 0;
    }
    line += char;
    width += w;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

const spaces = (n: number) => ' '.repeat(Math.max(0, n));

/** A text in the middle of the line (wrapped when longer). */
function centered(text: string, columns: number): string[] {
  return wrap(text, columns).map((line) => {
    const gap = columns - textWidth(line);
    return `${spaces(Math.floor(gap / 2))}${line}`.trimEnd();
  });
}

/** `left` at the start and `right` at the end of the line; `left` wraps, `right` never does. */
function leftRight(left: string, right: string | undefined, columns: number): string[] {
  if (!right) return wrap(left, columns).map((line) => line.trimEnd());
  const rightWidth = textWidth(right);
  if (rightWidth >= columns) return [...wrap(left, columns), ...wrap(right, columns)];
  const lines = wrap(left, columns);
  const last = lines.at(-1) ?? '';
  // The right-hand text goes on the last line when both fit with a space between them.
  if (textWidth(last) + 1 + rightWidth <= columns) {
    lines[lines.length - 1] = `${last}${spaces(columns - textWidth(last) - rightWidth)}${right}`;
    return lines;
  }
  return [...lines, `${spaces(columns - rightWidth)}${right}`];
}

/** One copy of a receipt in `columns` columns, lines joined by "\n". */
export function renderReceipt(receipt: Receipt, columns: number): string {
  const rule = '-'.repeat(columns);
  const out: string[] = [...centered(receipt.title, columns), rule];
  for (const line of receipt.lines) out.push(...leftRight(line.text, line.right, columns));
  if (receipt.total) {
    out.push(rule, ...leftRight(receipt.total.label, receipt.total.amount, columns));
  }
  if (receipt.footer?.length) {
    out.push(rule);
    for (const line of receipt.footer) out.push(...centered(line, columns));
  }
  return out.join('\n');
}

/** Where the paper is torn between two copies: a dashed line, unlike the solid rules. */
export const cutLine = (columns: number) => '- '.repeat(Math.floor(columns / 2)).trimEnd();

/** What a printer is sent: `copies` copies of the receipt, a cut line between two. */
export function renderCopies(receipt: Receipt, columns: number, copies: number): string {
  const one = renderReceipt(receipt, columns);
  const cut = cutLine(columns);
  return Array.from({ length: Math.max(1, copies) }, () => one).join(`\n${cut}\n`);
}
