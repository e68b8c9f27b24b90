import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The drawer (antd's Drawer, Collapse, Skeleton, Empty and the articles' query) is its own chunk,
// loaded when the help is first opened.
const HelpDrawer = lazy(() => import('./help-drawer'));

/** The top bar's help-centre link: the merchant's published help articles, for every account. */
export function HelpCenter() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the drawer can animate closed.
  const [used, setUsed] = useState(false);
  return (
    <>
      <Tooltip title={t('navbar.help')}>
        <Button
          type="text"
          icon={<QuestionCircleOutlined />}
          aria-label={t('navbar.help')}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        />
      </Tooltip>
      {used && (
        <Suspense fallback={null}>
          <HelpDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
