import { Badge, Space, Switch, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPLIED_ROUTES } from '../../../shared/routes';
import { dynamicKey } from '../../i18n/keys';
import type { FieldControl, ResourceOverrides } from '../../kit/resource-overrides';

// The tree loads with the form, not with the list.
const RouteTreeControl = lazy(() => import('./route-tree-control'));

/** The routes an account may open, as the route table's tree to tick. */
const RouteTree: FieldControl = (props) => (
  <Suspense fallback={null}>
    <RouteTreeControl {...props} />
  </Suspense>
);

/** Active or disabled, as a switch. */
const StatusSwitch: FieldControl = ({ value, onChange, id }) => {
  const { t } = useTranslation('account');
  return (
    <Switch
      id={id}
      checked={value === 'active'}
      onChange={(on) => onChange?.(on ? 'active' : 'disabled')}
      checkedChildren={t('enums.status.active')}
      unCheckedChildren={t('enums.status.disabled')}
    />
  );
};

function Status({ status, owner }: { status: string; owner: boolean }) {
  const { t } = useTranslation('account');
  return (
    <Space>
      <Badge
        status={status === 'active' ? 'success' : 'default'}
        text={t(dynamicKey(`enums.status.${status}`))}
      />
      {owner && <Tag color="gold">{t('owner')}</Tag>}
    </Space>
  );
}

/** “All pages” for the owner, else how many screens (those implied by others not counted). */
function RouteCount({ names, owner }: { names: string[]; owner: boolean }) {
  const { t } = useTranslation('account');
  if (owner) return t('allRoutes');
  return t('routeCount', { count: names.filter((name) => !IMPLIED_ROUTES.has(name)).length });
}

/**
 * Accounts: the routes as a tree to tick, the status as a switch, a count of pages in the list;
 * the owner's account is not edited here. On a phone: the name and the actions.
 */
export default {
  cells: {
    status: (value, row) => <Status status={String(value)} owner={!!row.isOwner} />,
    permissions: (value, row) => (
      <RouteCount names={(value as string[] | undefined) ?? []} owner={!!row.isOwner} />
    ),
  },
  fields: { status: StatusSwitch, permissions: RouteTree },
  offers: (action, row) => action !== 'edit' || !row.isOwner,
  phoneColumns: [],
} satisfies ResourceOverrides;
