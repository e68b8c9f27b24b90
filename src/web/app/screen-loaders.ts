import type { ComponentType } from 'react';

/**
 * What a feature's `screens.ts` exports by default: route name → its screen's chunk. The app
 * finds these files by folder (app/screens.ts); a feature lists only its own screens.
 */
// biome-ignore lint/suspicious/noExplicitAny: screens take their route's props (e.g. articleType).
export type ScreenLoaders = Record<string, () => Promise<{ default: ComponentType<any> }>>;
