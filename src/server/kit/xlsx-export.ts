import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { excel } from './libraries';

export interface ExportColumn<Row> {
  header: string;
  key: string;
  width?: number;
  /** Excel's number format of the column's cells, e.g. `0.00` or `yyyy-mm-dd hh:mm`. */
  numFmt?: string;
  value(row: Row): string | number | Date | null;
}

/**
 * Text a spreadsheet would run as a formula once the sheet is saved as CSV and opened again
 * (=, +, - and @ at the start; tab and carriage return too, which some programs skip before
 * reading one): prefixed with a single quote, shown as text everywhere (OWASP's CSV injection
 * advice). Numbers and dates are written as such and never touched.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Hard cap on one export: beyond it, narrow the filter. */
export const EXPORT_MAX_ROWS = 1_000_000;

/**
 * Streams an .xlsx to the reply: rows are fetched batch by batch (`nextBatch` answers an empty
 * array when done) and written as they come, so memory stays flat for large exports.
 */
export async function sendXlsx<Row>(
  reply: FastifyReply,
  options: {
    filename: string;
    sheet: string;
    columns: ExportColumn<Row>[];
    nextBatch(): Promise<Row[]>;
  },
) {
  const stream = new PassThrough();
  const ExcelJS = await excel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(options.sheet);
  sheet.columns = options.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width ?? 16,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const write = async () => {
    let written = 0;
    for (;;) {
      const batch = await options.nextBatch();
      if (batch.length === 0 || written >= EXPORT_MAX_ROWS) break;
      for (const row of batch) {
        const values: Record<string, unknown> = {};
        for (const column of options.columns) {
          const value = column.value(row);
          values[column.key] = typeof value === 'string' ? neutraliseFormula(value) : value;
        }
        sheet.addRow(values).commit();
      }
      written += batch.length;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err) => {
    reply.log.error({ err }, 'export failed');
    stream.destroy(err);
  });

  const encoded = encodeURIComponent(options.filename);
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'content-disposition',
      `attachment; filename="export.xlsx"; filename*=UTF-8''${encoded}`,
    )
    .header('cache-control', 'no-store')
    .send(stream);
}
