import type { Color, PDFPage } from 'pdf-lib';
import { pdf } from '../../kit/libraries';
import { labelPen, qrPng } from '../../kit/qr-codes';
import { shipToLines } from './ship-to';

const MM = 72 / 25.4;

/** An order as a packing slip or label prints it. */
export interface PackedOrder {
  orderNo: string;
  marketplace: string;
  site: string;
  orderedAt: Date;
  shipBy: Date;
  shipName: string;
  shipPhone: string;
  shipAddress1: string;
  shipAddress2: string;
  shipCity: string;
  shipState: string;
  shipPostalCode: string;
  shipCountry: string;
  items: { sellerSku: string; title: string; quantity: number }[];
}

/** The words printed, in the request's language. */
export interface SlipTexts {
  title: string;
  orderNo: string;
  orderedAt: string;
  shipBy: string;
  shipTo: string;
  noAddress: string;
  sku: string;
  item: string;
  quantity: string;
  total: string;
  thanks: string;
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/** Shortens a text until it fits `room` points at `size`. */
function fitted(
  pen: Awaited<ReturnType<typeof labelPen>>,
  text: string,
  size: number,
  room: number,
) {
  let line = text;
  while (pen.width(line, size) > room && line.length > 1) line = `${line.slice(0, -2)}…`;
  return line;
}

/**
 * Packing slips, one A5 page per order: the order number and dates, where it goes, and each line
 * with its SKU and quantity (no prices: the slip goes in the parcel).
 */
export async function packingSlips(orders: PackedOrder[], texts: SlipTexts): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await pdf();
  const grey = rgb(0.7, 0.7, 0.7);
  const doc = await PDFDocument.create();
  doc.setTitle(texts.title);
  doc.setCreator('Merchant Admin');
  const pen = await labelPen(doc);
  const [width, height] = [148 * MM, 210 * MM];
  const left = 12 * MM;
  const room = width - 2 * left;
  for (const order of orders) {
    const page = doc.addPage([width, height]);
    let y = height - 18 * MM;
    const line = (text: string, size = 10, x = left) => {
      pen.draw(page, fitted(pen, text, size, room - (x - left)), x, y, size);
      y -= size * 1.5;
    };
    line(texts.title, 18);
    y -= 2 * MM;
    line(`${texts.orderNo}: ${order.orderNo}`, 11);
    line(`${order.marketplace.toUpperCase()} · ${order.site}`);
    line(`${texts.orderedAt}: ${day(order.orderedAt)}    ${texts.shipBy}: ${day(order.shipBy)}`);
    y -= 3 * MM;
    rule(page, left, y + 4 * MM, room, grey);
    line(texts.shipTo, 11);
    const address = shipToLines(order);
    for (const part of address.length > 0 ? address : [texts.noAddress]) line(part, 11);
    y -= 3 * MM;
    rule(page, left, y + 4 * MM, room, grey);
    const qtyX = left + room - 16 * MM;
    const titleX = left + 38 * MM;
    pen.draw(page, texts.sku, left, y, 9);
    pen.draw(page, texts.item, titleX, y, 9);
    pen.draw(page, texts.quantity, qtyX, y, 9);
    y -= 6 * MM;
    let units = 0;
    for (const item of order.items) {
      pen.draw(page, fitted(pen, item.sellerSku, 9, 36 * MM), left, y, 9);
      pen.draw(page, fitted(pen, item.title, 9, qtyX - titleX - 3 * MM), titleX, y, 9);
      pen.draw(page, String(item.quantity), qtyX, y, 9);
      units += item.quantity;
      y -= 6 * MM;
      if (y < 30 * MM) break;
    }
    rule(page, left, y + 4 * MM, room, grey);
    pen.draw(page, `${texts.total}: ${units}`, qtyX - 14 * MM, y - 2 * MM, 10);
    pen.draw(page, texts.thanks, left, 14 * MM, 9);
  }
  return doc.save();
}

function rule(page: PDFPage, x: number, y: number, width: number, color: Color) {
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.5, color });
}

/**
 * A 4 × 6 inch shipping label: the carrier, where it goes, the order and the tracking number
 * with its code (a QR code: the sandbox's label; a carrier's own label comes as its PDF).
 */
export async function shippingLabel(
  order: PackedOrder,
  label: { carrier: string; trackingNo: string; from: string; sandbox: string },
): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await pdf();
  const doc = await PDFDocument.create();
  doc.setTitle(`${label.carrier} ${label.trackingNo}`);
  doc.setCreator('Merchant Admin');
  const pen = await labelPen(doc);
  const [width, height] = [4 * 72, 6 * 72];
  const page = doc.addPage([width, height]);
  const left = 6 * MM;
  const room = width - 2 * left;
  page.drawRectangle({
    x: 3 * MM,
    y: 3 * MM,
    width: width - 6 * MM,
    height: height - 6 * MM,
    borderColor: rgb(0, 0, 0),
    borderWidth: 1.5,
  });
  pen.draw(page, label.carrier, left, height - 16 * MM, 24);
  pen.draw(page, fitted(pen, label.sandbox, 8, room), left, height - 22 * MM, 8);
  pen.draw(page, fitted(pen, label.from, 8, room), left, height - 30 * MM, 8);
  let y = height - 42 * MM;
  for (const part of shipToLines(order)) {
    pen.draw(page, fitted(pen, part, 12, room), left, y, 12);
    y -= 6 * MM;
  }
  const code = await doc.embedPng(await qrPng(label.trackingNo, 300));
  const size = 38 * MM;
  page.drawImage(code, { x: (width - size) / 2, y: 22 * MM, width: size, height: size });
  const tracking = label.trackingNo;
  pen.draw(page, tracking, (width - pen.width(tracking, 12)) / 2, 15 * MM, 12);
  pen.draw(page, fitted(pen, order.orderNo, 8, room), left, 8 * MM, 8);
  return doc.save();
}
