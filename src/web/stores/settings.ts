import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { THEME_COLOR } from '../../shared/constants';

/** Layout settings (spec §2 defaults), kept in the browser across reloads. */
export interface Settings {
  theme: string;
  /** Dark mode: the system's preference until the user picks one in the settings. */
  dark: boolean;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

/** The localStorage key of the persisted settings. */
export const SETTINGS_KEY = 'settings';

/** The media query of the system's dark preference. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Whether the system (the browser, the phone) prefers dark. */
export const systemPrefersDark = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY).matches
    : false;

export const DEFAULT_SETTINGS: Settings = {
  theme: THEME_COLOR,
  dark: false,
  showSettings: true,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
};

interface SettingsState extends Settings {
  /** Whether the user picked light or dark; until then `dark` follows the system. */
  darkChosen: boolean;
  change<K extends keyof Settings>(key: K, value: Settings[K]): void;
  reset(): void;
}

type Stored = Partial<Settings>;

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      dark: systemPrefersDark(),
      darkChosen: false,
      change: (key, value) =>
        set({ [key]: value, ...(key === 'dark' ? { darkChosen: true } : {}) } as Partial<Settings>),
      reset: () => set({ ...DEFAULT_SETTINGS, dark: systemPrefersDark(), darkChosen: false }),
    }),
    {
      name: SETTINGS_KEY,
      // Version 2: `dark` is stored only once chosen. A version 1 `false` was the default, not
      // a choice (there was no other way to be light), so it follows the system from now on.
      version: 2,
      migrate: (stored, version) => {
        const state = { ...(stored as Stored) };
        if (version < 2 && state.dark !== true) delete state.dark;
        return state as SettingsState;
      },
      partialize: ({ change: _change, reset: _reset, darkChosen, dark, ...rest }): Stored =>
        darkChosen ? { ...rest, dark } : rest,
      merge: (stored, current) => {
        const state = (stored ?? {}) as Stored;
        return typeof state.dark === 'boolean'
          ? { ...current, ...state, darkChosen: true }
          : { ...current, ...state, dark: systemPrefersDark(), darkChosen: false };
      },
    },
  ),
);

// The system's preference changes (the phone turns dark at night): followed until a choice.
if (typeof window !== 'undefined' && typeof window.matchMedia === 'function')
  window.matchMedia(DARK_QUERY).addEventListener?.('change', (event) => {
    if (!useSettings.getState().darkChosen) useSettings.setState({ dark: event.matches });
  });
