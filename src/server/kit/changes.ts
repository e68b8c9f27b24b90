/** Longest text kept per value in an operation-log summary. */
const MAX_TEXT = 200;

function summarize(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && value.length > MAX_TEXT) return `${value.slice(0, MAX_TEXT)}…`;
  return value ?? null;
}

/** JSON with every object's keys in order: PostgreSQL's jsonb keeps keys in an order of its own. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    const ta = a instanceof Date ? a.getTime() : a ? new Date(a as string).getTime() : null;
    const tb = b instanceof Date ? b.getTime() : b ? new Date(b as string).getTime() : null;
    return ta === tb;
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null)
    return canonical(a) === canonical(b);
  return (a ?? null) === (b ?? null);
}

/**
 * The fields that differ between a row before and after a change, as `{ field: [old, new] }`
 * for the operation log. `secret` fields are recorded as changed without their values.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[],
  secret: readonly string[] = [],
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    if (!(field in after) || same(before[field], after[field])) continue;
    changes[field] = secret.includes(field)
      ? ['***', '***']
      : [summarize(before[field]), summarize(after[field])];
  }
  return changes;
}
