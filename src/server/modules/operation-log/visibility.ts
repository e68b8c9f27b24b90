import {
  type FieldKind,
  fieldEntries,
  maskValue as mask,
  screenRoutes,
} from '../../../shared/resource';
import { resources } from '../../../shared/resources';

type Permissions = ReadonlySet<string>;

/**
 * The route a log row's target belongs to: a reader sees a row's details (what changed, the
 * target's name) only when it may open that area. Sign-ins and uploads carry no business data.
 */
const AREAS: Record<string, (can: Permissions) => boolean> = {
  // A resource's rows: any of its screens.
  ...Object.fromEntries(
    resources.map((resource) => [
      resource.name,
      (can: Permissions) => screenRoutes(resource).some((route) => can.has(route)),
    ]),
  ),
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

/** Fields masked on their own screen stay masked in the log: `field → [permission, kind]`. */
const MASKED: Record<string, Record<string, [string, FieldKind]>> = Object.fromEntries(
  resources.map((resource) => [
    resource.name,
    Object.fromEntries(
      fieldEntries(resource).flatMap(([key, f]) => (f.masked ? [[key, [f.masked, f.kind]]] : [])),
    ),
  ]),
);

function maskValue(value: unknown, kind: FieldKind): unknown {
  if (Array.isArray(value)) return value.map((item) => maskValue(item, kind));
  return mask(kind, value);
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
  for (const [field, [permission, kind]] of Object.entries(masks)) {
    if (field in shown && !permissions.has(permission))
      shown[field] = maskValue(shown[field], kind);
  }
  return shown;
}
