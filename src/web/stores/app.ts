import Cookies from 'js-cookie';
import { create } from 'zustand';
import {
  DEFAULT_SIZE,
  MOBILE_BREAKPOINT,
  SIDEBAR_COOKIE,
  SIZE_COOKIE,
} from '../../shared/constants';

export type Device = 'desktop' | 'mobile';
export const SIZES = ['large', 'medium', 'small'] as const;
export type Size = (typeof SIZES)[number];

/** antd's names for our sizes. */
export const ANTD_SIZE = { large: 'large', medium: 'middle', small: 'small' } as const;

interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  size: Size;
  websiteName: string;
  toggleSidebar(): void;
  closeSidebar(withoutAnimation: boolean): void;
  setDevice(device: Device): void;
  setSize(size: Size): void;
  setWebsiteName(name: string): void;
}

function storedSize(): Size {
  const value = Cookies.get(SIZE_COOKIE);
  return (SIZES as readonly string[]).includes(value ?? '') ? (value as Size) : DEFAULT_SIZE;
}

/** Spec §4: mobile when the body's width minus 1 is under 992 px. */
export function deviceFor(bodyWidth: number): Device {
  return bodyWidth - 1 < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

/**
 * The same rule as a media query (a width w in whole pixels has w - 1 < 992 exactly when
 * w <= 992), which the browser answers without laying the page out. It reads the viewport, which
 * includes a classic scrollbar where the body's width does not.
 */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT}px)`;

export const useApp = create<AppState>((set) => ({
  sidebar: { opened: Cookies.get(SIDEBAR_COOKIE) !== '0', withoutAnimation: false },
  device: 'desktop',
  size: storedSize(),
  websiteName: '',
  toggleSidebar: () =>
    set((state) => {
      const opened = !state.sidebar.opened;
      Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
      return { sidebar: { opened, withoutAnimation: false } };
    }),
  closeSidebar: (withoutAnimation) => {
    Cookies.set(SIDEBAR_COOKIE, '0');
    set({ sidebar: { opened: false, withoutAnimation } });
  },
  setDevice: (device) => set({ device }),
  setSize: (size) => {
    Cookies.set(SIZE_COOKIE, size);
    set({ size });
  },
  setWebsiteName: (websiteName) => set({ websiteName }),
}));
