import { useEffect } from 'react';
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
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(i18n.t('kit.unsavedConfirm'))) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}
