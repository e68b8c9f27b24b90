import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UPC_IMPORT_MAX,
  upcBuyBody,
  upcBuyReport,
  upcCost,
  upcImportBody,
  upcImportReport,
} from '../../../shared/goods-upc';
import {
  checkDigit,
  gtinKind,
  isGtin,
  isPlatformCode,
  PLATFORM_UPC_PREFIX,
} from '../../../shared/gtin';
import { message } from '../../../shared/messages';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { goodsUpc, platformUpcItems } from '../../db/schema/goods-upc';
import { fieldError, forbidden } from '../../errors';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';
import { charge } from '../cost-center/ledger';

/** Twice the most text the schema takes: a line break is two bytes in JSON (`\n`). */
const UPC_IMPORT_BODY_BYTES = UPC_IMPORT_MAX * 16 * 2 + 1024;

/**
 * The next `count` codes the platform sells: `069` + an item number from the platform's sequence
 * (platform_upc_item_seq) + the check digit. The sequence never goes back (a number taken by a
 * purchase later rolled back is skipped, not sold), so a merchant deleting codes it bought lowers
 * nothing, and merchants cannot add `069…` codes themselves (hooks.ts, import-codes below). One
 * purchase at a time (a transaction-wide advisory lock) keeps each purchase's numbers in one run.
 */
async function issueCodes(tx: Executor, count: number): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('goods-upc.issue'))`);
  const { rows } = (await tx.execute(
    sql`select nextval(${platformUpcItems.seqName}::regclass)::int as n from generate_series(1, ${count}::int)`,
  )) as unknown as { rows: { n: number }[] };
  return rows
    .map((row) => Number(row.n))
    .sort((a, b) => a - b)
    .map((n) => {
      const body = PLATFORM_UPC_PREFIX + String(n).padStart(8, '0');
      return body + checkDigit(body);
    });
}

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
      // UPC_IMPORT_MAX codes run past Fastify's 1 MiB default (100,000 EAN-13 lines as JSON:
      // 1.5 MB); the body's schema caps the text at 16 characters a code.
      bodyLimit: UPC_IMPORT_BODY_BYTES,
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
      // Codes under the platform's prefix are sold, not imported: the paste is refused unless each
      // is one the pool holds already (a merchant pasting back the codes it bought).
      const platform = codes.filter(isPlatformCode);
      if (platform.length > 0) {
        const held = new Set(
          (
            await db
              .select({ code: goodsUpc.code })
              .from(goodsUpc)
              .where(and(eq(goodsUpc.merchantId, merchantId), inArray(goodsUpc.code, platform)))
          ).map((row) => row.code),
        );
        const taken = platform.filter((code) => !held.has(code));
        if (taken.length > 0)
          throw fieldError(
            'codes',
            message('goods-upc:errors.platformImport', {
              count: taken.length,
              codes: taken.slice(0, 3).join(', '),
            }),
          );
      }
      const added = await db.transaction(async (tx) => {
        // One statement, the codes as one parameter: drizzle building a VALUES list of 100,000
        // rows took longer than PostgreSQL writing them. The codes are digits only (checked).
        const { rows } = (await tx.execute(sql`
          with added as (
            insert into ${goodsUpc} (merchant_id, code, kind, source)
            select ${merchantId}::bigint, c.code, c.kind, 'import'
            from unnest(string_to_array(${codes.join(',')}::text, ','),
                        string_to_array(${codes.map(gtinKind).join(',')}::text, ',')) as c(code, kind)
            on conflict (merchant_id, code) do nothing
            returning 1)
          select count(*)::int as n from added`)) as unknown as { rows: { n: number }[] };
        const written = rows[0]?.n ?? 0;
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

  // The next unused codes, oldest first, for the variant grid's 分配 (one row) and 全部分配: the
  // grid's save assigns them (and refuses one taken since).
  app.post(
    '/admin/goods-upc/unused',
    {
      // Asked from the goods' page: the goods' permission, not the pool screen's.
      config: { permission: 'goods-list' },
      schema: {
        tags: ['goods-upc'],
        body: z.object({
          count: z.coerce.number().int().min(1).max(200),
          exclude: z.array(z.string().max(14)).max(400).default([]),
        }),
        response: {
          200: envelopeOf(z.object({ codes: z.array(z.string()), unused: z.number() })),
        },
      },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const { count, exclude } = request.body;
      const mine = and(eq(goodsUpc.merchantId, merchantId), eq(goodsUpc.status, 'unused'));
      const rows = await db
        .select({ code: goodsUpc.code })
        .from(goodsUpc)
        .where(exclude.length ? and(mine, notInArray(goodsUpc.code, exclude)) : mine)
        .orderBy(asc(goodsUpc.createdAt), asc(goodsUpc.id))
        .limit(count);
      const [{ n } = { n: 0 }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(goodsUpc)
        .where(mine);
      return ok({ codes: rows.map((r) => r.code), unused: Number(n) });
    },
  );

  // Codes from the platform, charged to the balance (the cost centre) in the same transaction:
  // either the codes are in the pool and the money is gone, or neither.
  app.post(
    '/admin/goods-upc/buy',
    {
      config: { permission: 'goods-upc' },
      schema: {
        tags: ['goods-upc'],
        body: upcBuyBody,
        response: { 200: envelopeOf(upcBuyReport) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      // Spending the merchant's money is the cost centre's to allow, not only the pool's.
      if (!can(auth, 'cost-center')) throw forbidden();
      const { count, purchase } = request.body;
      const amount = upcCost(count);
      return ok(
        await db.transaction(async (tx) => {
          const actor = actorOf(request);
          const posted = await charge(
            tx,
            auth.merchantId,
            amount,
            `UPC × ${count}`,
            `goods-upc.buy:${purchase}`,
            actor,
          );
          if (posted.repeated)
            return { codes: [], amount, balance: posted.balanceAfter, repeated: true };
          const codes = await issueCodes(tx, count);
          await tx.insert(goodsUpc).values(
            codes.map((code) => ({
              merchantId: auth.merchantId,
              code,
              kind: gtinKind(code),
              source: 'purchased' as const,
            })),
          );
          await recordOperation(tx, actor, {
            action: 'goods-upc.buy',
            targetType: 'goods-upc',
            detail: { count, amount, first: codes[0], last: codes.at(-1) },
          });
          return { codes, amount, balance: posted.balanceAfter, repeated: false };
        }),
      );
    },
  );
};

export default goodsUpcRoutes;
