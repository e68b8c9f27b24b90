import { MoreOutlined } from '@ant-design/icons';
import { Button, Popover, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { has, type ResourceDef, transitionField } from '../../shared/resource';
import { areaNamespaces, dynamicKey } from '../i18n/keys';
import { ViewLink } from './cached-view';
import type { ResourceRowHandlers } from './resource-list-state';
import type { ResourceOverrides, ResourceRow as Row } from './resource-overrides';

/** The actions column on a phone: one button that opens them. */
const PHONE_ACTIONS_WIDTH = 64;

/**
 * How many transition buttons a row shows at most: per status field, those its busiest value
 * allows (a goods in error may go ready or back to draft; a product is put on or taken off sale,
 * never both).
 */
export function transitionsAtOnce(resource: ResourceDef) {
  /** Per status field, per value: how many transitions leave it. */
  const leaving = new Map<string, Map<string, number>>();
  for (const def of Object.values(resource.transitions ?? {})) {
    const field = transitionField(def);
    const values = leaving.get(field) ?? new Map<string, number>();
    leaving.set(field, values);
    for (const value of def.from) values.set(value, (values.get(value) ?? 0) + 1);
  }
  let sum = 0;
  for (const values of leaving.values()) sum += Math.max(...values.values());
  return sum;
}

/** The actions column's width: its buttons side by side, or the phone's one button. */
export function rowActionsWidth(
  resource: ResourceDef,
  overrides: ResourceOverrides,
  phone: boolean,
) {
  if (phone) return PHONE_ACTIONS_WIDTH;
  const page = !!resource.page;
  return (
    (page ? 50 : 110) +
    40 * transitionsAtOnce(resource) +
    (page ? 40 : 0) +
    (overrides.rowActions?.width ?? 0)
  );
}

/**
 * A row's actions: Detail (when rows are edited in a drawer), each transition its status allows,
 * the area's own buttons, Edit. On a phone they open from one button.
 */
export function ResourceRowActions({
  resource,
  overrides,
  handlers,
  row,
  phone,
}: {
  resource: ResourceDef;
  overrides: ResourceOverrides;
  handlers: ResourceRowHandlers;
  row: Row;
  phone: boolean;
}) {
  const { t } = useTranslation(areaNamespaces(resource.name));
  const page = !!resource.page;
  const offers = (action: string) => overrides.offers?.(action, row) ?? true;
  const Own = overrides.rowActions?.render;
  const actions = (
    <Space vertical={phone} size={phone ? 0 : undefined} align={phone ? 'start' : undefined}>
      {!page && (
        <Button type="link" style={{ padding: 0 }} onClick={() => handlers.setViewing(row)}>
          {t('translation:kit.detail')}
        </Button>
      )}
      {handlers.transitions
        .filter(
          ([name, def]) => def.from.includes(row[transitionField(def)] as string) && offers(name),
        )
        .map(([name]) => (
          <Button
            key={name}
            type="link"
            style={{ padding: 0 }}
            onClick={() =>
              void handlers.ask(name, [row.id], row[resource.titleField]).catch(() => {})
            }
          >
            {t(dynamicKey(`transitions.${name}`))}
          </Button>
        ))}
      {Own && <Own row={row} />}
      {has(resource, 'update') &&
        offers('edit') &&
        (page ? (
          <ViewLink to={handlers.rowPath(row)!}>{t('translation:kit.edit')}</ViewLink>
        ) : (
          <Button type="link" style={{ padding: 0 }} onClick={() => handlers.setEditing(row)}>
            {t('translation:kit.edit')}
          </Button>
        ))}
    </Space>
  );
  return phone ? (
    <PhoneActions label={t('translation:kit.actions')}>{actions}</PhoneActions>
  ) : (
    actions
  );
}

/** A row's actions on a phone: a button that opens them one per line, closed by the one chosen. */
function PhoneActions({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      content={
        // Closes once a chosen action has had its click (a drawer or a dialog it opens stays).
        <div onClickCapture={() => setTimeout(() => setOpen(false))}>{children}</div>
      }
    >
      <Button type="text" icon={<MoreOutlined />} aria-label={label} />
    </Popover>
  );
}
