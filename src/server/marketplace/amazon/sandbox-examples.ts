import { readFileSync } from 'node:fs';

/**
 * Tests only: Amazon's own examples of the SP-API operations the product calls
 * (./sandbox-examples.json: the models' `x-amzn-api-sandbox` static examples, copied from
 * amzn/selling-partner-api-models, Apache-2.0), and the checks the fake SP-API makes with them:
 * every answer it gives keeps the examples' field names, nesting and JSON types
 * (`shapeProblems`), every request it takes names only parameters the operation declares, all
 * the required ones, and a body shaped as the examples' bodies (`requestProblems`).
 */

export interface SandboxExample {
  request: { parameters: Record<string, { value?: unknown }> };
  response?: unknown;
}

export interface ModelOperation {
  model: string;
  method: string;
  /** The model's path template, e.g. `/feeds/2021-06-30/feeds/{feedId}`. */
  path: string;
  /** The success status the model declares. */
  status: number;
  parameters: { name: string; in: 'path' | 'query' | 'body'; required: boolean }[];
  sandbox: SandboxExample[];
  /** The response's `examples.application/json`, where kept. */
  examples?: unknown;
}

export const OPERATIONS = [
  'createFeedDocument',
  'createFeed',
  'getFeed',
  'getFeedDocument',
  'getListingsItem',
  'patchListingsItem',
  'getOrders',
  'getOrderItems',
  'confirmShipment',
] as const;
export type OperationName = (typeof OPERATIONS)[number];

export interface SandboxExamples {
  source: Record<string, unknown>;
  lwa: {
    method: string;
    path: string;
    status: number;
    request: Record<string, string>;
    response: Record<string, unknown>;
  };
  operations: Record<OperationName, ModelOperation>;
}

export const sandbox = JSON.parse(
  readFileSync(new URL('./sandbox-examples.json', import.meta.url), 'utf8'),
) as SandboxExamples;

/** The responses an operation's answers are shaped as: its sandbox examples and its example. */
export function responsesOf(operation: OperationName): unknown[] {
  const model = sandbox.operations[operation];
  return [
    ...model.sandbox.map((example) => example.response),
    ...(model.examples === undefined ? [] : [model.examples]),
  ].filter((response) => response !== undefined);
}

const templates = OPERATIONS.map((name) => {
  const { method, path } = sandbox.operations[name];
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const pattern = new RegExp(`^${path.replace(/\{\w+\}/g, '([^/]+)')}$`);
  return { name, method, pattern, names };
});

/** The model's operation a call is, with its path parameters (decoded). */
export function operationOf(
  method: string,
  path: string,
): { name: OperationName; pathParams: Record<string, string> } | undefined {
  for (const template of templates) {
    if (template.method !== method) continue;
    const match = path.match(template.pattern);
    if (!match) continue;
    const pathParams = Object.fromEntries(
      template.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]),
    );
    return { name: template.name, pathParams };
  }
  return undefined;
}

const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/**
 * Where `actual` leaves the shape of the reference values (Amazon's examples): a field none of
 * them has at that place, or a value of another JSON type. Fields the examples have and
 * `actual` leaves out are not problems (most are optional); arrays the examples only show
 * empty say nothing of their elements. `allowed` names paths the model's definitions declare
 * beyond its examples (`payload.LastUpdatedBefore`, `Orders[].BuyerInfo`).
 */
export function shapeProblems(
  actual: unknown,
  references: unknown[],
  allowed: string[] = [],
  at = '',
): string[] {
  if (actual === undefined || actual === null) return [];
  const here = references.filter((r) => r !== undefined && r !== null);
  if (here.length === 0) return [];
  const kind = kindOf(actual);
  if (!here.some((r) => kindOf(r) === kind))
    return [`${at || '/'} is ${kind}, the examples have ${kindOf(here[0])}`];
  if (kind === 'array') {
    const elements = here.filter(Array.isArray).flat();
    return (actual as unknown[]).flatMap((element) =>
      shapeProblems(element, elements, allowed, `${at}[]`),
    );
  }
  if (kind !== 'object') return [];
  const objects = here.filter((r) => kindOf(r) === 'object') as Record<string, unknown>[];
  return Object.entries(actual as Record<string, unknown>).flatMap(([key, value]) => {
    const path = at ? `${at}.${key}` : key;
    if (allowed.includes(path)) return [];
    const withKey = objects.filter((o) => key in o);
    if (withKey.length === 0) return [`${path} is in none of the model's examples`];
    return shapeProblems(
      value,
      withKey.map((o) => o[key]),
      allowed,
      path,
    );
  });
}

/**
 * What a request to an operation does not keep of the model: a query parameter it does not
 * declare, a required one missing (getOrders' CreatedAfter or LastUpdatedAfter, one of which it
 * requires in words), a missing body, or a body shaped otherwise than the examples' bodies.
 */
export function requestProblems(
  operation: OperationName,
  query: URLSearchParams,
  body: unknown,
): string[] {
  const model = sandbox.operations[operation];
  const problems: string[] = [];
  const declared = new Set(model.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  for (const key of new Set(query.keys()))
    if (!declared.has(key)) problems.push(`${operation}: query parameter ${key} is not declared`);
  for (const parameter of model.parameters) {
    if (!parameter.required) continue;
    if (parameter.in === 'query' && !query.get(parameter.name))
      problems.push(`${operation}: required query parameter ${parameter.name} missing`);
    if (parameter.in === 'body' && (body === undefined || kindOf(body) !== 'object'))
      problems.push(`${operation}: required body missing`);
  }
  if (operation === 'getOrders' && !query.get('NextToken')) {
    if (!query.get('CreatedAfter') && !query.get('LastUpdatedAfter'))
      problems.push('getOrders: neither CreatedAfter nor LastUpdatedAfter');
  }
  const bodies = model.sandbox
    .map((example) => example.request.parameters.body?.value)
    .filter((value) => value !== undefined);
  if (body !== undefined && bodies.length > 0)
    problems.push(...shapeProblems(body, bodies).map((p) => `${operation} body: ${p}`));
  return problems;
}
