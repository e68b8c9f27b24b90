import { Drawer, type DrawerProps } from 'antd';
import { useViewShown } from './cached-view';

/**
 * antd's Drawer for a screen in a cached view. A drawer renders outside its view (a portal), so
 * the view hiding does not hide it: this one closes while its view is hidden, keeping what was
 * typed in it (even with `destroyOnHidden`), and opens again when the view comes back.
 */
export function ViewDrawer({ open, destroyOnHidden, ...props }: DrawerProps) {
  const shown = useViewShown();
  return <Drawer {...props} open={!!open && shown} destroyOnHidden={!!destroyOnHidden && shown} />;
}
