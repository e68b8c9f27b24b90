import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import {
  printerBrandsResult,
  printLogBody,
  printLogResult,
  reprintJobBody,
  testPrintBody,
  testPrintResult,
} from '../../../shared/printer';
import { PRINTER_BRANDS } from '../../../shared/resources/printer';
import type { AppContext } from '../../context';
import { printers, printJobs } from '../../db/schema/printer';
import { AppError, notFound } from '../../errors';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { render, requestLanguage } from '../../messages';
import { envelopeOf, ok } from '../../plugins/envelope';
import { PRINT_JOB, printReceipt, registerPrintJobs, registerUnregisterJobs } from '../../printer';
import { PAPER_COLUMNS } from '../../printer/receipt';

const pad = (n: number) => String(n).padStart(2, '0');
/** A time as the store reads it on paper (China time: the product's merchants are there). */
function storeTime(date: Date) {
  const local = new Date(date.getTime() + 8 * 3600_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/**
 * Beside the derived calls of /printer: a test page on one printer, a printer's print log (each
 * receipt as it was printed), the brands this server prints to; the job that prints.
 */
export const printerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, jobs }) => {
  registerPrintJobs(db, jobs, app.printers);
  registerUnregisterJobs(db, jobs, app.printers);
  const config = { permission: 'printer' };
  const tags = ['printer'];

  app.post(
    '/admin/printer/brands',
    { config, schema: { tags, response: { 200: envelopeOf(printerBrandsResult) } } },
    async () => ok({ connected: PRINTER_BRANDS.filter((brand) => app.printers.connected(brand)) }),
  );

  app.post(
    '/admin/printer/test-print',
    {
      config,
      schema: { tags, body: testPrintBody, response: { 200: envelopeOf(testPrintResult) } },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const [printer] = await db
        .select()
        .from(printers)
        .where(and(eq(printers.id, request.body.id), eq(printers.merchantId, merchantId)));
      if (!printer) throw notFound(message('printer:noun'));
      if (!app.printers.connected(printer.brand))
        throw new AppError(
          ResultCode.CONFLICT,
          message('printer:errors.notConfigured', {
            brand: message(`printer:enums.brand.${printer.brand}`),
          }),
        );
      const language = requestLanguage(request);
      const words = (key: string) => render(language, message(`printer:testPrint.${key}`));
      const queued = await db.transaction(async (tx) => {
        const n = await printReceipt(
          tx,
          jobs,
          merchantId,
          {
            title: words('title'),
            lines: [
              { text: printer.name },
              { text: 'SN', right: printer.serial },
              {
                text: words('paper'),
                right: `${printer.paper} mm / ${PAPER_COLUMNS[printer.paper]}`,
              },
              { text: words('copies'), right: String(printer.copies) },
              { text: words('time'), right: storeTime(new Date()) },
              { text: words('line') },
            ],
            footer: [words('footer')],
          },
          { source: 'test', printerIds: [printer.id] },
        );
        await recordOperation(tx, actorOf(request), {
          action: 'printer.testPrint',
          targetType: 'printer',
          targetId: printer.id,
          detail: { name: printer.name },
        });
        return n;
      });
      return ok({ queued });
    },
  );

  app.post(
    '/admin/printer/print-log',
    { config, schema: { tags, body: printLogBody, response: { 200: envelopeOf(printLogResult) } } },
    async (request) => {
      const { printerId, page, pageSize } = request.body;
      const where = and(
        eq(printJobs.merchantId, request.auth!.merchantId),
        eq(printJobs.printerId, printerId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(printJobs)
          .where(where)
          .orderBy(desc(printJobs.createdAt), desc(printJobs.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(printJobs).where(where),
      ]);
      return ok({
        total: Number(total?.n ?? 0),
        items: rows.map((row) => ({
          id: row.id,
          orderId: row.orderId,
          orderNo: row.orderNo,
          source: row.source,
          content: row.content,
          copies: row.copies,
          status: row.status,
          error: row.error,
          createdAt: row.createdAt.toISOString(),
          printedAt: row.printedAt?.toISOString() ?? null,
        })),
      });
    },
  );

  // 重打: a receipt of the log printed again as it was, on its printer (a new row of the log).
  app.post(
    '/admin/printer/reprint',
    {
      config,
      schema: { tags, body: reprintJobBody, response: { 200: envelopeOf(testPrintResult) } },
    },
    async (request) => {
      const operator = actorOf(request);
      await db.transaction(async (tx) => {
        const [job] = await tx
          .select()
          .from(printJobs)
          .where(
            and(eq(printJobs.id, request.body.id), eq(printJobs.merchantId, operator.merchantId)),
          );
        if (!job) throw notFound(message('printer:log.gone'));
        const [row] = await tx
          .insert(printJobs)
          .values({
            merchantId: job.merchantId,
            printerId: job.printerId,
            orderId: job.orderId,
            orderNo: job.orderNo,
            source: job.source,
            content: job.content,
            copies: job.copies,
          })
          .returning({ id: printJobs.id });
        await jobs.enqueue(
          PRINT_JOB,
          { printJobId: row!.id, printerId: job.printerId },
          { maxAttempts: 8, backoffMs: 5_000, merchantId: job.merchantId },
          tx,
        );
        await recordOperation(tx, operator, {
          action: 'printer.reprint',
          targetType: 'printer',
          targetId: job.printerId,
          detail: { printJobId: job.id, orderNo: job.orderNo },
        });
      });
      return ok({ queued: 1 });
    },
  );
};

export default printerRoutes;
