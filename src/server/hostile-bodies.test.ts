import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support';

/**
 * Hostile bodies for every route of the API document, generated from the route's own request
 * schema with fast-check: values of the declared shape at and past their bounds, text the database
 * cannot hold, dates it cannot hold, wrong types, extra keys. Sent as the owner (the account that
 * passes every permission check, so bodies reach the services and the database): no answer is a
 * 5xx, and a call that is refused changes no row. FUZZ_CALLS calls in all (10,000 in CI).
 */
const CALLS = Number(process.env.FUZZ_CALLS ?? (process.env.CI ? 10_000 : 1_000));
/**
 * Calls that would end the session the fuzzing runs in, and the order list's long poll (it waits
 * 25 s for a payment by design; its body is a single date, checked in product-order.test.ts).
 */
const SKIP = new Set(['POST /admin/auth/loginOut', 'POST /admin/product-order/wait']);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
};

/** Text that has broken, or could break, a server: storage, parsing, patterns, markup. */
const HOSTILE_TEXT = [
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '😀',
  '%',
  '_',
  '\\',
  "'; drop table admins; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '=cmd|"/c calc"!A1',
  '__proto__',
  'constructor',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-14:00',
  '275760-09-13',
  '+275760-09-13T00:00:00.000Z',
  '1970-01-01T00:00:00Z',
  'NaN',
  '-1',
  '99999999999999999999',
  'a'.repeat(501),
  'x'.repeat(100_001),
];
const HOSTILE_NUMBERS = [
  0,
  -1,
  1,
  1.5,
  -0,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 63,
  1e308,
  -1e308,
];

function textArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const shaped: fc.Arbitrary<string>[] = [fc.string({ unit: 'binary', maxLength: 40 })];
  if (schema.format === 'date-time' || schema.format === 'date') {
    const date = fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true });
    shaped.push(
      date.map((d) => (schema.format === 'date' ? d.toISOString().slice(0, 10) : d.toISOString())),
    );
  }
  if (schema.maxLength) shaped.push(fc.constant('a'.repeat(schema.maxLength + 1)));
  return fc.oneof(fc.constantFrom(...HOSTILE_TEXT), ...shaped);
}

/** Values of the schema's shape, hostile within it, and now and then of another shape. */
function hostile(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const wrong = fc.jsonValue({ maxDepth: 2 });
  if (!schema || depth > 4) return wrong;
  const alternatives = schema.anyOf ?? schema.oneOf;
  let shaped: fc.Arbitrary<unknown>;
  if (alternatives) {
    shaped = fc.oneof(...alternatives.map((s) => hostile(s, depth + 1)));
  } else if (schema.enum) {
    shaped = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...schema.enum) },
      { weight: 1, arbitrary: textArbitrary(schema) },
    );
  } else {
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'string':
        shaped = textArbitrary(schema);
        break;
      case 'integer':
      case 'number':
        shaped = fc.oneof(
          fc.constantFrom(...HOSTILE_NUMBERS),
          fc.integer({ min: (schema.minimum ?? -10) - 1, max: (schema.maximum ?? 1000) + 1 }),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
        );
        break;
      case 'boolean':
        shaped = fc.boolean();
        break;
      case 'null':
        shaped = fc.constant(null);
        break;
      case 'array':
        shaped = schema.prefixItems
          ? fc.tuple(...schema.prefixItems.map((s) => hostile(s, depth + 1)))
          : fc.array(hostile(schema.items, depth + 1), {
              maxLength: Math.min((schema.maxItems ?? 5) + 1, 8),
            });
        break;
      case 'object': {
        const properties = schema.properties ?? {};
        const shape: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, value] of Object.entries(properties))
          shape[key] = hostile(value, depth + 1);
        const required = (schema.required ?? []).filter((k) => k in shape);
        shaped = fc
          .tuple(
            fc.record(shape, { requiredKeys: required }),
            fc.dictionary(fc.constantFrom(...HOSTILE_TEXT.slice(0, 16)), wrong, { maxKeys: 2 }),
          )
          .map(([known, extra]) => ({ ...extra, ...known }));
        // Sometimes a required key is left out.
        shaped = fc.oneof(
          { weight: 5, arbitrary: shaped },
          { weight: 1, arbitrary: fc.record(shape, { requiredKeys: [] }) },
        );
        break;
      }
      default:
        shaped = wrong;
    }
  }
  return fc.oneof({ weight: 9, arbitrary: shaped }, { weight: 1, arbitrary: wrong });
}

let t: TestApp;
let token: string;
let routes: { key: string; url: string; schema?: JsonSchema }[];

/** One text of every row a call may change: a refused call must leave it as it was. */
async function fingerprint(): Promise<string> {
  const tables = [
    'merchants',
    'admins',
    'site_settings',
    'articles',
    'customers',
    'help_articles',
    'operation_logs',
  ];
  const parts = tables.map(
    (table) =>
      sql`(select md5(coalesce(string_agg(r::text, '|' order by r.id), '')) from ${sql.identifier(table)} r)`,
  );
  const { rows } = (await t.db.execute(
    sql`select ${sql.join(parts, sql` || `)} as f`,
  )) as unknown as { rows: { f: string }[] };
  return rows[0]!.f;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '10000000' });
  token = await t.login();
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json();
  routes = Object.entries(
    doc.paths as Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
    >,
  ).flatMap(([url, ops]) =>
    Object.entries(ops)
      .filter(([method]) => method === 'post')
      .map(([, op]) => ({
        key: `POST ${url}`,
        url,
        schema: op.requestBody?.content?.['application/json']?.schema,
      })),
  );
  // Some rows for the calls to find.
  await t.post('/admin/article/create', { articleType: 1, title: 'first' }, token);
  await t.post('/admin/customer/create', { name: 'first' }, token);
});
afterAll(() => t.close());

describe('hostile bodies on every route', () => {
  it('has the routes of the API document', () => {
    expect(routes.length).toBeGreaterThan(25);
  });

  const perRoute = () => Math.max(1, Math.ceil(CALLS / routes.length));
  // One test per route, known once the document is read: a single test walks them all.
  it(`answers no 5xx and changes nothing when it refuses (${CALLS} calls)`, async () => {
    let calls = 0;
    const failures: string[] = [];
    for (const route of routes) {
      if (SKIP.has(route.key)) continue;
      await fc
        .assert(
          fc.asyncProperty(hostile(route.schema), async (body) => {
            const before = await fingerprint();
            const res = await t.app.inject({
              method: 'POST',
              url: route.url,
              payload: JSON.stringify(body),
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            });
            calls++;
            if (res.statusCode >= 500) {
              failures.push(`${route.key} ${res.statusCode} ${res.body.slice(0, 200)}`);
              return false;
            }
            if (res.statusCode !== 200 && (await fingerprint()) !== before) {
              failures.push(`${route.key} answered ${res.statusCode} yet changed rows`);
              return false;
            }
            return true;
          }),
          { numRuns: perRoute(), endOnFailure: true },
        )
        .catch((err: Error) =>
          failures.push(`${route.key}: ${err.message.split('\n').slice(0, 6).join(' ')}`),
        );
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(CALLS * 0.9);
  }, 900_000);
});
