/** Constants of spec §9, shared by server and browser. */
export const API_TIMEOUT_MS = 600_000;
export const TOKEN_COOKIE = 'Admin-Token';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';
export const UPDATE_POLL_MS = 120_000;
export const UPDATE_REMINDER_MS = 7_200_000;
export const VERSION_HASH_KEY = 'CheckUpdate:VersionHash';
export const REMINDER_KEY = 'CheckUpdate:repeatReminderInterval';
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 210;
export const CONTEXT_MENU_WIDTH = 105;
export const SEARCH_FUSE = { threshold: 0.4, titleWeight: 0.7, pathWeight: 0.3 } as const;
export const DEFAULT_SIZE = 'medium';
export const THEME_COLOR = '#1890ff';
export const ERROR_TOAST_MS = 5_000;
export const NETWORK_ERROR_TOAST_MS = 60_000;
export const COPY_TOAST_MS = 1_500;
export const CURRENCY_UNIT = 'yuan';
/** Role every signed-in account carries (spec §6: set after user info loads). */
export const DEFAULT_ROLE = 'admin';

/** Routes that need no token (spec §2). */
export const PUBLIC_PATHS = ['/login', '/auth-redirect', '/404', '/401'] as const;
