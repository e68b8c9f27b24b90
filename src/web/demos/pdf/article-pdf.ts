import type { MockArticle } from '../../../shared/demo-mock';

/** The article's text without its markup (paragraphs on their own lines). */
export function plainText(html: string): string {
  return html
    .replace(/<\/(p|h\d|li|div)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}

/** Words laid into lines no wider than `width` (measured by `measure`). */
export function wrap(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && measure(next) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * The demo article as an A4 PDF (pdf-lib, loaded when asked): title, byline and body. The mock
 * article is Latin text, which the standard Helvetica covers; characters it lacks become '?'.
 */
export async function articlePdf(article: MockArticle): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(article.title);
  doc.setAuthor(article.author);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const safe = (text: string) => text.replace(/[^\x20-\x7e\n]/g, '?');
  const [pageWidth, pageHeight, margin] = [595.28, 841.89, 56];
  const width = pageWidth - margin * 2;
  let page = doc.addPage([pageWidth, pageHeight]);
  let y = pageHeight - margin;
  const write = (text: string, size: number, face = font, gap = 6) => {
    for (const line of wrap(safe(text), width, (l) => face.widthOfTextAtSize(l, size))) {
      if (y - size < margin) {
        page = doc.addPage([pageWidth, pageHeight]);
        y = pageHeight - margin;
      }
      y -= size;
      page.drawText(line, { x: margin, y, size, font: face, color: rgb(0.1, 0.1, 0.1) });
      y -= gap;
    }
  };
  write(article.title, 22, bold, 10);
  write(`${article.author} - ${article.display_time} - ${article.type}`, 10);
  y -= 12;
  write(article.content_short, 12);
  y -= 6;
  write(plainText(article.content), 12);
  return doc.save();
}
