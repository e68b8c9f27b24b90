import { Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { routeTitle } from '../../i18n';
import type { FieldControl } from '../../kit/resource-overrides';
import { useSession } from '../../stores/session';
import { namesOf, routeTree } from './route-tree';

/**
 * The permissions field's control: the route table as a checkable tree, its value the checked
 * route names; what the signed-in account may not grant itself is disabled.
 */
const RouteTreeControl: FieldControl = ({ value, onChange }) => {
  const { t } = useTranslation('account');
  const me = useSession((state) => state.profile);
  const permitted = useSession((state) => state.permitted);
  const tree = useMemo(
    () => routeTree(routeTitle, (name) => !!me?.isOwner || permitted.has(name)),
    [me, permitted],
  );
  return (
    <Tree
      checkable
      defaultExpandAll
      treeData={tree}
      aria-label={t('fields.permissions')}
      checkedKeys={(value as string[] | undefined) ?? []}
      onCheck={(checked) => onChange?.(namesOf(Array.isArray(checked) ? checked : checked.checked))}
    />
  );
};

export default RouteTreeControl;
