import { miniProgramRegistration } from '../../../shared/resources/mini-program-registration';
import type { ScreenLoaders } from '../../app/screen-loaders';
import { loadDictionaries } from '../../i18n';

const register = async () =>
  (
    await Promise.all([import('./register-page'), loadDictionaries(miniProgramRegistration.name)])
  )[0];

/**
 * The register form, at /mini-program-register and at the spec's second name for it,
 * /xcxbase/register; and the application list's second name, /xcxbase/registerList: the same
 * screens (shared/routes.ts, the mini-program group).
 */
export default {
  'mini-program-register': register,
  'xcxbase/register': register,
  'xcxbase/registerList': async () => {
    const [kit, own] = await Promise.all([
      import('../../kit/resource-screen'),
      import('./index'),
      loadDictionaries(miniProgramRegistration.name),
    ]);
    return { default: kit.screenOf(miniProgramRegistration, own.default) };
  },
} satisfies ScreenLoaders;
