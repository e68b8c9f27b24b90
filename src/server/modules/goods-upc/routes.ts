import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { upcImportBody, upcImportReport } from '../../../shared/goods-upc';
import { gtinKind, isGtin } from '../../../shared/gtin';
import type { AppContext } from '../../context';
import { goodsUpc } from '../../db/schema';
import { envelopeOf, ok } from '../../plugins/envelope';
import { actorOf, recordOperation } from '../system/operation-log';

/** Rows per insert statement. */
const BATCH = 5_000;

/**
 * Beside the derived calls of /goods-upc: codes by the thousand. Every code's check digit is
 * verified; codes the pool has already (or that come twice) are counted, not added again; the
 * valid rest is written in one transaction with one operation-log row.
 */
export const goodsUpcRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/admin/goods-upc/import-codes',
    {
      config: { permission: 'goods-upc' },
      schema: {
        tags: ['goods-upc'],
        body: upcImportBody,
        response: { 200: envelopeOf(upcImportReport) },
      },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const invalid: string[] = [];
      const valid = new Set<string>();
      let repeated = 0;
      for (const code of request.body.codes) {
        if (!isGtin(code)) invalid.push(code);
        else if (valid.has(code)) repeated++;
        else valid.add(code);
      }
      const codes = [...valid];
      const added = await db.transaction(async (tx) => {
        let written = 0;
        for (let at = 0; at < codes.length; at += BATCH) {
          const rows = await tx
            .insert(goodsUpc)
            .values(
              codes.slice(at, at + BATCH).map((code) => ({
                merchantId,
                code,
                kind: gtinKind(code),
                source: 'import' as const,
              })),
            )
            .onConflictDoNothing({ target: [goodsUpc.merchantId, goodsUpc.code] })
            .returning({ id: sql<number>`1` });
          written += rows.length;
        }
        await recordOperation(tx, actorOf(request), {
          action: 'goods-upc.import',
          targetType: 'goods-upc',
          detail: {
            added: written,
            duplicates: codes.length - written + repeated,
            invalid: invalid.length,
          },
        });
        return written;
      });
      return ok({
        added,
        duplicates: codes.length - added + repeated,
        invalid: invalid.slice(0, 200),
        invalidCount: invalid.length,
      });
    },
  );
};

export default goodsUpcRoutes;
