import type { TFunction } from 'i18next';
import type { AreaDictionaries } from './dictionary-types';

export { dynamicKey } from '../../shared/dynamic-key';
export type { Dictionary } from './dictionary-types';

// What a screen needs to name its texts' keys, apart from index.ts, which sets i18next up when
// loaded: a kit's component imports this much without starting i18next (its tests render keys).

/**
 * The namespaces of a screen the kit serves for whichever area it shows: the area's texts, then
 * the shell's (`t('translation:kit.save')`). The area is data, so its own keys are those every
 * area's dictionary has (`title`, `new`) or go through `dynamicKey()` (`fields.<name>`).
 */
export const areaNamespaces = (name: string) =>
  [name as keyof AreaDictionaries, 'translation'] as const;
/** The `t` of such a screen (`useTranslation(areaNamespaces(name)).t`). */
export type AreaTFunction = TFunction<ReturnType<typeof areaNamespaces>>;
