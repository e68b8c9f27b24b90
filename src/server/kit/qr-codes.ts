import { existsSync, readFileSync } from 'node:fs';
import type { Font } from '@pdf-lib/fontkit';
import { strToU8, zipSync } from 'fflate';
import type { PDFDocument, PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { fontkit, pdf } from './libraries';

/** A table as its code is labelled. */
export interface LabelledCode {
  url: string;
  area: string;
  name: string;
}

/** A QR code as a PNG: error correction M, a quiet zone of 2 modules. */
export function qrPng(url: string, width = 480): Promise<Buffer> {
  return QRCode.toBuffer(url, { errorCorrectionLevel: 'M', margin: 2, width, type: 'png' });
}

/** How a table is named in a file name or under its code: "大厅 A01", or the name alone. */
export const tableLabel = (code: { area: string; name: string }) =>
  [code.area, code.name].filter(Boolean).join(' ');

/** A file name from a table's area and name (no path separators or characters file systems refuse). */
export const fileNameOf = (code: { area: string; name: string }) =>
  `${[code.area, code.name]
    .filter(Boolean)
    .join('-')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')}.png`;

/** Every code as a PNG in one ZIP, named by area and name (repeats numbered). */
export async function qrZip(codes: LabelledCode[]): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const code of codes) {
    let name = fileNameOf(code);
    for (let n = 2; name in files; n++) name = fileNameOf(code).replace(/\.png$/, `-${n}.png`);
    files[name] = new Uint8Array(await qrPng(code.url));
  }
  if (codes.length === 0) files['README.txt'] = strToU8('No tables');
  // PNGs are compressed already.
  return zipSync(files, { level: 0 });
}

/** Fonts that draw Chinese, in order of preference (a TrueType collection names its face). */
const CJK_FONTS = [
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf' },
  { file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', face: 'WenQuanYiMicroHei' },
  { file: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf' },
];

let cjkFont: { bytes: Buffer; face?: string } | null | undefined;
function findCjkFont() {
  if (cjkFont !== undefined) return cjkFont;
  const found = CJK_FONTS.find((f) => existsSync(f.file));
  cjkFont = found ? { bytes: readFileSync(found.file), face: found.face } : null;
  return cjkFont;
}

// Parsing a 20 MB collection takes a while: once per process.
let parsed: Font | null | undefined;
async function cjkFace(): Promise<Font | null> {
  if (parsed !== undefined) return parsed;
  const found = findCjkFont();
  const kit = found && (await fontkit());
  parsed = kit
    ? ((found.face
        ? kit.create(found.bytes, found.face)
        : kit.create(found.bytes)) as unknown as Font)
    : null;
  return parsed;
}

/** fontkit's paths transform (its types leave it out). */
type FlippablePath = { scale(x: number, y: number): { toSVG(): string } };

/** How a label is drawn: a text's width at a size, and drawing it with its left end at (x, y). */
export interface LabelPen {
  width(text: string, size: number): number;
  draw(page: PDFPage, text: string, x: number, y: number, size: number): void;
}

/**
 * Labels in a Chinese font, drawn as the glyphs' outlines: the font is not embedded (subsetting
 * an OpenType/CFF collection loses its Chinese glyphs), so any reader shows them. Without such
 * a font on the machine, Helvetica with what it cannot draw as "?".
 */
export async function labelPen(doc: PDFDocument): Promise<LabelPen> {
  const { rgb, StandardFonts } = await pdf();
  const face = await cjkFace();
  const color = rgb(0.1, 0.1, 0.1);
  if (!face) {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const plain = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');
    return {
      width: (text, size) => font.widthOfTextAtSize(plain(text), size),
      draw: (page, text, x, y, size) => page.drawText(plain(text), { x, y, size, font, color }),
    };
  }
  const scale = (size: number) => size / face.unitsPerEm;
  return {
    width: (text, size) => face.layout(text).advanceWidth * scale(size),
    draw(page, text, x, y, size) {
      const run = face.layout(text);
      let at = x;
      run.glyphs.forEach((glyph, i) => {
        const position = run.positions[i]!;
        // drawSvgPath draws y downwards: the outline (y upwards) is flipped first.
        const path = (glyph.path as unknown as FlippablePath).scale(1, -1).toSVG();
        if (path)
          page.drawSvgPath(path, {
            x: at + position.xOffset * scale(size),
            y: y + position.yOffset * scale(size),
            scale: scale(size),
            color,
            borderWidth: 0,
          });
        at += position.xAdvance * scale(size);
      });
    },
  };
}

const MM = 72 / 25.4;

/**
 * A printable A4 sheet: codes in a grid of 3 × 4 per page, each with its area and name under it
 * and a cutting frame around it.
 */
export async function qrSheet(
  codes: LabelledCode[],
  title: string,
  card: { heading: string; footer: string } = { heading: '', footer: '' },
): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await pdf();
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Merchant Admin');
  const pen = await labelPen(doc);
  const [pageWidth, pageHeight] = [210 * MM, 297 * MM];
  const columns = 3;
  const rows = 4;
  const margin = 12 * MM;
  const cellWidth = (pageWidth - 2 * margin) / columns;
  const cellHeight = (pageHeight - 2 * margin) / rows;
  const size = Math.min(cellWidth, cellHeight) - 22 * MM;
  for (let at = 0; at < Math.max(codes.length, 1); at += columns * rows) {
    const page = doc.addPage([pageWidth, pageHeight]);
    for (const [i, code] of codes.slice(at, at + columns * rows).entries()) {
      const x = margin + (i % columns) * cellWidth;
      const y = pageHeight - margin - (Math.floor(i / columns) + 1) * cellHeight;
      page.drawRectangle({
        x: x + 2,
        y: y + 2,
        width: cellWidth - 4,
        height: cellHeight - 4,
        borderColor: rgb(0.8, 0.8, 0.8),
        borderWidth: 0.5,
        borderDashArray: [3, 3],
      });
      const image = await doc.embedPng(await qrPng(code.url, 600));
      page.drawImage(image, {
        x: x + (cellWidth - size) / 2,
        y: y + cellHeight - size - (card.heading ? 9 : 6) * MM,
        width: size,
        height: size,
      });
      const room = cellWidth - 10 * MM;
      // A table card: the store's name above the code, what to do with it under the table's name.
      const line = (text: string, points: number, at: number) => {
        let fit = points;
        while (pen.width(text, fit) > room && fit > 6) fit -= 1;
        pen.draw(page, text, x + (cellWidth - pen.width(text, fit)) / 2, at, fit);
      };
      if (card.heading) line(card.heading, 11, y + cellHeight - 7 * MM);
      if (card.footer) line(card.footer, 9, y + 4 * MM);
      let label = tableLabel(code);
      let fontSize = 14;
      while (pen.width(label, fontSize) > room && fontSize > 7) fontSize -= 1;
      while (pen.width(label, fontSize) > room && label.length > 1)
        label = `${label.slice(0, -2)}…`;
      pen.draw(page, label, x + (cellWidth - pen.width(label, fontSize)) / 2, y + 9 * MM, fontSize);
    }
  }
  return doc.save();
}

/**
 * A poster to print or send (A5, portrait): a title, a few lines under it, the QR code of `url`
 * and a line under the code (e.g. a campaign's name, its offer and period, "scan to order").
 */
export async function qrPoster(
  url: string,
  text: { title: string; lines: string[]; footer: string },
): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await pdf();
  const doc = await PDFDocument.create();
  doc.setTitle(text.title);
  doc.setCreator('Merchant Admin');
  const pen = await labelPen(doc);
  const [width, height] = [148 * MM, 210 * MM];
  const page = doc.addPage([width, height]);
  page.drawRectangle({
    x: 0,
    y: height - 46 * MM,
    width,
    height: 46 * MM,
    color: rgb(1, 0.93, 0.88),
  });
  const centred = (line: string, y: number, size: number) => {
    let fit = size;
    while (pen.width(line, fit) > width - 16 * MM && fit > 8) fit -= 1;
    pen.draw(page, line, (width - pen.width(line, fit)) / 2, y, fit);
  };
  centred(text.title, height - 24 * MM, 26);
  for (const [i, line] of text.lines.entries()) centred(line, height - 36 * MM - i * 8 * MM, 13);
  const size = 80 * MM;
  const image = await doc.embedPng(await qrPng(url, 800));
  page.drawImage(image, { x: (width - size) / 2, y: 42 * MM, width: size, height: size });
  centred(text.footer, 30 * MM, 12);
  return doc.save();
}
