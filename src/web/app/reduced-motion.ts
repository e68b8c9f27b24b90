import { useSyncExternalStore } from 'react';

/** The system's "reduce motion" preference (an accessibility setting of every desktop and phone). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

const media = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION_QUERY)
    : undefined;

const subscribe = (onChange: () => void) => {
  const query = media();
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
};

/** Whether the person asked their system for less motion; follows the setting while the app is open. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
