import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { THEME_COLOR } from '../../shared/constants';

/** Layout settings (spec §2 defaults), kept in the browser across reloads. */
export interface Settings {
  theme: string;
  dark: boolean;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

/** The localStorage key of the persisted settings. */
export const SETTINGS_KEY = 'settings';

export const DEFAULT_SETTINGS: Settings = {
  theme: THEME_COLOR,
  dark: false,
  showSettings: true,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
};

interface SettingsState extends Settings {
  change<K extends keyof Settings>(key: K, value: Settings[K]): void;
  reset(): void;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      change: (key, value) => set({ [key]: value } as Partial<Settings>),
      reset: () => set(DEFAULT_SETTINGS),
    }),
    { name: SETTINGS_KEY, version: 1 },
  ),
);
