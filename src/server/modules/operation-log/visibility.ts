import { maskPhone } from '../../../shared/customer';
import { ARTICLE_TYPE_ROUTES } from '../../../shared/routes';

type Permissions = ReadonlySet<string>;

/**
 * The route a log row's target belongs to: a reader sees a row's details (what changed, the
 * target's name) only when it may open that area. Sign-ins and uploads carry no business data.
 */
const AREAS: Record<string, (can: Permissions) => boolean> = {
  article: (can) => ARTICLE_TYPE_ROUTES.some(({ name }) => can.has(name)),
  customer: (can) => can.has('client-list'),
  account: (can) => can.has('permission-account'),
  help: (can) => can.has('service-help'),
  site: (can) => can.has('website-setting'),
  operationLog: (can) => can.has('operation-log'),
  session: () => true,
  file: () => true,
};

/** Whether the reader may see the details of rows about `targetType`. */
export function areaVisible(permissions: Permissions, targetType: string): boolean {
  return AREAS[targetType]?.(permissions) ?? false;
}

/** The target types whose details the reader may see. */
export function visibleAreas(permissions: Permissions): string[] {
  return Object.keys(AREAS).filter((area) => areaVisible(permissions, area));
}

/** Fields masked on their own screen stay masked in the log: `field → [permission, mask]`. */
const MASKED: Record<string, Record<string, [string, (value: string) => string]>> = {
  customer: { phone: ['client-list.phone', maskPhone] },
};

function maskValue(value: unknown, mask: (value: string) => string): unknown {
  if (typeof value === 'string') return mask(value);
  if (Array.isArray(value)) return value.map((item) => maskValue(item, mask));
  return value;
}

/**
 * A row's detail as this reader may see it: null for an area it may not open, and masked
 * fields (a customer's phone without `client-list.phone`) masked as on their screen.
 */
export function readableDetail(
  permissions: Permissions,
  targetType: string,
  detail: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (!detail) return null;
  if (!areaVisible(permissions, targetType)) return null;
  const masks = MASKED[targetType];
  if (!masks) return detail;
  const shown: Record<string, unknown> = { ...detail };
  for (const [field, [permission, mask]] of Object.entries(masks)) {
    if (field in shown && !permissions.has(permission))
      shown[field] = maskValue(shown[field], mask);
  }
  return shown;
}
