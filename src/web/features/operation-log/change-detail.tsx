import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { parseTime } from '../../../shared/format';
import { articleRouteName } from '../../../shared/routes';
import { dynamicKey, i18n, routeTitle } from '../../i18n';

/**
 * The dictionary area of a log row's fields for the areas that are not resources, and field
 * names that differ from its keys. A resource's fields are named by its own dictionary
 * (`<name>:fields.<field>`; the log loads them all).
 */
const FIELD_KEYS: Record<string, { ns: string; alias?: Record<string, string> }> = {
  site: { ns: 'site' },
};

/** A field's name in the UI's language (its area's label, else the log's own, else as stored). */
export function fieldLabel(targetType: string, field: string): string {
  const area = FIELD_KEYS[targetType];
  const candidates = [
    `${targetType}:fields.${field}`,
    area?.alias?.[field],
    area ? `${area.ns}.${field}` : undefined,
    `oplog.fields.${field}`,
  ];
  for (const key of candidates) if (key && i18n.exists(key)) return i18n.t(dynamicKey(key));
  return field;
}

/** A permission (route name) by its title. */
const permissionTitle = (name: string) => routeTitle(`route.${name.replace('.', '_')}`);

/** One value in the UI's language: enums, permissions, article types, times, yes / no. */
export function valueText(targetType: string, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return i18n.t(value ? 'kit.yes' : 'kit.no');
  if (field === 'articleType' && typeof value === 'number') {
    const name = articleRouteName(value);
    return name ? routeTitle(`route.${name}`) : String(value);
  }
  if (field === 'permissions' && Array.isArray(value))
    return value.map((name) => permissionTitle(String(name))).join('、');
  if (Array.isArray(value)) return value.map(String).join('、');
  if (typeof value === 'string') {
    const own = `${targetType}:enums.${field}.${value}`;
    if (i18n.exists(own)) return i18n.t(dynamicKey(own));
    const area = FIELD_KEYS[targetType]?.ns;
    const plural = `${area}.${field === 'status' ? 'statuses' : `${field}s`}.${value}`;
    if (area && i18n.exists(plural)) return i18n.t(dynamicKey(plural));
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return parseTime(value, '{y}-{m}-{d} {h}:{i}') ?? value;
    // Rich text (an article's body) as its words, not its markup.
    if (/<[a-z][^>]*>/i.test(value))
      return value
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    return value;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A change of a set (permissions, tags) as what was added and what was removed. */
function SetChange({ field, was, now }: { field: string; was: unknown[]; now: unknown[] }) {
  const name = (v: unknown) => (field === 'permissions' ? permissionTitle(String(v)) : String(v));
  const added = now.filter((v) => !was.includes(v)).map(name);
  const removed = was.filter((v) => !now.includes(v)).map(name);
  return (
    <>
      {added.length > 0 && (
        <span className="oplog-set oplog-set--added">
          {i18n.t('oplog.added')}: {added.join('、')}
        </span>
      )}
      {removed.length > 0 && (
        <span className="oplog-set oplog-set--removed">
          {i18n.t('oplog.removed')}: {removed.join('、')}
        </span>
      )}
    </>
  );
}

/** What a log row changed: each field by its name, old → new, sets as added / removed. */
export function ChangeDetail({
  targetType,
  detail,
}: {
  targetType: string;
  detail: Record<string, unknown> | null;
}) {
  if (!detail) return null;
  const entries = Object.entries(detail).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return null;
  return (
    <div className="oplog-detail">
      {entries.map(([field, value]) => {
        let shown: ReactNode;
        const isSet =
          Array.isArray(value) &&
          value.length === 2 &&
          Array.isArray(value[0]) &&
          Array.isArray(value[1]);
        // [old, new], except a created account's list of permissions, which is one value.
        const isPair = Array.isArray(value) && value.length === 2 && field !== 'permissions';
        if (isSet) {
          shown = <SetChange field={field} was={value[0]} now={value[1]} />;
        } else if (isPair) {
          shown = (
            <>
              <del>{valueText(targetType, field, value[0])}</del> →{' '}
              {valueText(targetType, field, value[1])}
            </>
          );
        } else {
          shown = valueText(targetType, field, value);
        }
        return (
          <div key={field}>
            <Typography.Text type="secondary">{fieldLabel(targetType, field)}: </Typography.Text>
            {shown}
          </div>
        );
      })}
    </div>
  );
}
