import { and, arrayContains, asc, eq, gt, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customer,
  customerDelete,
  customerFields,
  customerListParams,
  customerListResult,
  customerUpdate,
  maskPhone,
} from '../../../shared/customer';
import { idParam } from '../../../shared/list';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { customers } from '../../db/schema';
import { notFound } from '../../errors';
import { changedFields } from '../../kit/changes';
import { escapeLike, within } from '../../kit/filters';
import { listPage } from '../../kit/list';
import { sendXlsx } from '../../kit/xlsx-export';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';
import { actorOf, recordOperation } from '../system/operation-log';

type Row = typeof customers.$inferSelect;
export const PHONE_PERMISSION = 'client-list.phone';

export function toCustomer(row: Row, showPhone: boolean): z.infer<typeof customer> {
  return {
    id: row.id,
    name: row.name,
    phone: showPhone ? row.phone : maskPhone(row.phone),
    gender: row.gender,
    source: row.source,
    tags: row.tags,
    orderCount: row.orderCount,
    totalSpent: row.totalSpent,
    remark: row.remark,
    registeredAt: row.registeredAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
  };
}

function filter(merchantId: number, p: z.output<typeof customerListParams>): SQL[] {
  const like = p.keyword ? `%${escapeLike(p.keyword)}%` : '';
  return [
    eq(customers.merchantId, merchantId),
    p.keyword ? or(ilike(customers.name, like), ilike(customers.phone, like)) : undefined,
    p.gender ? eq(customers.gender, p.gender) : undefined,
    p.source ? eq(customers.source, p.source) : undefined,
    p.tag ? arrayContains(customers.tags, [p.tag]) : undefined,
    ...within(customers.registeredAt, p.registeredRange),
  ].filter((w): w is SQL => !!w);
}

const GENDER_TEXT = { male: '男', female: '女', unknown: '未知' } as const;
const SOURCE_TEXT = {
  store: '门店',
  'mini-program': '小程序',
  wechat: '公众号',
  referral: '推荐',
  import: '导入',
  other: '其他',
} as const;
const WRITABLE = ['name', 'phone', 'gender', 'source', 'tags', 'remark'] as const;

/** /client-list: the merchant's customers. Phones are masked without `client-list.phone`. */
export const customerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const config = { permission: 'client-list' };

  async function load(ex: Executor, merchantId: number, id: number, lock = false) {
    const query = ex
      .select()
      .from(customers)
      .where(and(eq(customers.id, id), eq(customers.merchantId, merchantId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('Customer');
    return row;
  }

  app.post(
    '/admin/customer/list',
    {
      config,
      schema: { body: customerListParams, response: { 200: envelopeOf(customerListResult) } },
    },
    async (request) => {
      const auth = request.auth!;
      const showPhone = can(auth, PHONE_PERMISSION);
      const page = await listPage<Row>(db, {
        table: customers,
        merchantId: auth.merchantId,
        idColumn: customers.id,
        where: filter(auth.merchantId, request.body),
        sortColumns: {
          registeredAt: customers.registeredAt,
          lastActiveAt: customers.lastActiveAt,
          totalSpent: customers.totalSpent,
          orderCount: customers.orderCount,
        },
        request: request.body,
      });
      return ok({ ...page, items: page.items.map((r) => toCustomer(r, showPhone)) });
    },
  );

  app.post(
    '/admin/customer/detail',
    { config, schema: { body: idParam, response: { 200: envelopeOf(customer) } } },
    async (request) => {
      const auth = request.auth!;
      return ok(
        toCustomer(await load(db, auth.merchantId, request.body.id), can(auth, PHONE_PERMISSION)),
      );
    },
  );

  app.post(
    '/admin/customer/create',
    { config, schema: { body: customerFields, response: { 200: envelopeOf(customer) } } },
    async (request) => {
      const auth = request.auth!;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(customers)
          .values({
            ...request.body,
            tags: [...new Set(request.body.tags)],
            merchantId: auth.merchantId,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        await recordOperation(tx, actorOf(request), {
          action: 'customer.create',
          targetType: 'customer',
          targetId: row.id,
          detail: { name: row.name },
        });
        return ok(toCustomer(row, can(auth, PHONE_PERMISSION)));
      });
    },
  );

  app.post(
    '/admin/customer/update',
    { config, schema: { body: customerUpdate, response: { 200: envelopeOf(customer) } } },
    async (request) => {
      const auth = request.auth!;
      const showPhone = can(auth, PHONE_PERMISSION);
      return db.transaction(async (tx) => {
        const before = await load(tx, auth.merchantId, request.body.id, true);
        const { id: _id, ...fields } = request.body;
        // Without the phone permission the masked phone comes back unchanged: keep the stored one.
        const next = {
          ...fields,
          tags: [...new Set(fields.tags)],
          phone:
            !showPhone && fields.phone === maskPhone(before.phone) ? before.phone : fields.phone,
        };
        const changes = changedFields(before, next, WRITABLE, showPhone ? [] : ['phone']);
        if (Object.keys(changes).length === 0) return ok(toCustomer(before, showPhone));
        const [row] = await tx
          .update(customers)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(customers.id, before.id))
          .returning();
        if (!row) throw notFound('Customer');
        await recordOperation(tx, actorOf(request), {
          action: 'customer.update',
          targetType: 'customer',
          targetId: row.id,
          detail: changes,
        });
        return ok(toCustomer(row, showPhone));
      });
    },
  );

  app.post(
    '/admin/customer/delete',
    {
      config,
      schema: {
        body: customerDelete,
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(customers)
          .where(
            and(eq(customers.merchantId, auth.merchantId), inArray(customers.id, request.body.ids)),
          )
          .returning({ id: customers.id, name: customers.name });
        if (deleted.length === 0) throw notFound('Customer');
        await recordOperation(tx, actorOf(request), {
          action: 'customer.delete',
          targetType: 'customer',
          targetId: deleted.map((d) => d.id).join(','),
          detail: { names: deleted.map((d) => d.name).slice(0, 20), count: deleted.length },
        });
        return ok({ deleted: deleted.length });
      });
    },
  );

  app.post(
    '/admin/customer/export',
    { config, schema: { body: customerListParams } },
    async (request, reply) => {
      const auth = request.auth!;
      const showPhone = can(auth, PHONE_PERMISSION);
      const where = filter(auth.merchantId, request.body);
      await recordOperation(db, actorOf(request), {
        action: 'customer.export',
        targetType: 'customer',
        detail: {
          keyword: request.body.keyword,
          gender: request.body.gender,
          source: request.body.source,
        },
      });
      let afterId = 0;
      return sendXlsx<Row>(reply, {
        filename: `customers-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheet: 'customers',
        columns: [
          { header: 'ID', key: 'id', width: 10, value: (r) => r.id },
          { header: '姓名', key: 'name', width: 16, value: (r) => r.name },
          {
            header: '手机号',
            key: 'phone',
            width: 16,
            value: (r) => (showPhone ? r.phone : maskPhone(r.phone)),
          },
          { header: '性别', key: 'gender', width: 8, value: (r) => GENDER_TEXT[r.gender] },
          { header: '来源', key: 'source', width: 10, value: (r) => SOURCE_TEXT[r.source] },
          { header: '标签', key: 'tags', width: 24, value: (r) => r.tags.join('，') },
          { header: '订单数', key: 'orderCount', width: 10, value: (r) => r.orderCount },
          {
            header: '消费总额（元）',
            key: 'totalSpent',
            width: 16,
            value: (r) => Number(r.totalSpent),
          },
          { header: '注册时间', key: 'registeredAt', width: 20, value: (r) => r.registeredAt },
          { header: '最近活跃', key: 'lastActiveAt', width: 20, value: (r) => r.lastActiveAt },
          { header: '备注', key: 'remark', width: 30, value: (r) => r.remark },
        ],
        async nextBatch() {
          const rows = await db
            .select()
            .from(customers)
            .where(and(...where, gt(customers.id, afterId)))
            .orderBy(asc(customers.id))
            .limit(1000);
          afterId = rows.at(-1)?.id ?? afterId;
          return rows;
        },
      });
    },
  );
};
