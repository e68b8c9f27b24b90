import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: any component, as React.lazy takes.
export type Preloadable<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  /** Fetches the chunk now; the first render after it arrives does not suspend. */
  preload(): Promise<void>;
};

/**
 * React.lazy with preload(). A lazy component suspends on its first render even when its chunk
 * has already arrived, and a suspension costs more than the wait: React holds the reveal of a
 * Suspense boundary for up to 300 ms to batch reveals. Once preloaded, this one hands React the
 * module through a thenable that calls back at once, which React.lazy reads without suspending.
 */
// biome-ignore lint/suspicious/noExplicitAny: as above.
export function preloadable<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): Preloadable<T> {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module;
      return module;
    });
    return loading;
  };
  const component = lazy(() => (loaded ? (settled(loaded) as Promise<{ default: T }>) : preload()));
  return Object.assign(component, { preload: () => preload().then(() => undefined) });
}

/** A thenable already settled: `then` calls back synchronously. */
function settled<T>(value: T): PromiseLike<T> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is the point.
    then: (resolve) => settled(resolve ? resolve(value) : value) as never,
  };
}
