import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { i18n } from '../i18n';

/**
 * Warns before unsaved changes are lost: closing or reloading the page, and leaving the screen
 * when it is not kept alive under a tab (a kept-alive form loses nothing when left).
 */
export function useUnsavedWarning(dirty: boolean, keptAlive = false) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !keptAlive && currentLocation.pathname !== nextLocation.pathname,
  );
  // Asked in antd's own dialog, in the UI's language and theme (not the browser's confirm).
  const { modal } = App.useApp();
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: i18n.t('kit.unsavedTitle'),
      content: i18n.t('kit.unsavedConfirm'),
      okText: i18n.t('kit.leave'),
      okButtonProps: { danger: true },
      cancelText: i18n.t('kit.stay'),
      onOk: () => blocker.proceed?.(),
      onCancel: () => blocker.reset?.(),
      afterClose: () => {
        asking.current = false;
      },
    });
  }, [blocker, modal]);
}
