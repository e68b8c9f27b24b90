import { create } from 'zustand';
import type { LoginBody, MenuEntry, Profile } from '../../shared/auth';
import { DEFAULT_ROLE } from '../../shared/constants';
import type { RouteDef } from '../../shared/routes';
import { sessionApi } from '../api/session';
import { getToken, removeToken, setToken } from '../api/token';
import { useApp } from './app';

interface SessionState {
  token: string | undefined;
  /** Set once the permission list is loaded (spec §4: "roles loaded"). */
  roles: string[];
  permitted: ReadonlySet<string>;
  /** The route table filtered by the permission list and roles: menu, tabs and search read it. */
  routes: RouteDef[];
  /** Server-given titles that override a route's own (spec §3). */
  titles: Record<string, string>;
  profile: Profile | null;
  /**
   * The template demos' role (spec §4 "Changing role", demo only): which demo routes show. The
   * account's own roles and permissions never change with it.
   */
  demoRole: string;
  setDemoRole(role: string): void;
  signIn(body: LoginBody): Promise<void>;
  /** Fetches the permission list and the profile, then builds the routes. */
  load(): Promise<void>;
  signOut(): Promise<void>;
  /** Clears token and roles locally (spec §4 "resetting the token"). */
  resetToken(): void;
  refreshProfile(): Promise<void>;
}

/** Hooks run after sign-out and on role change (the tabs store closes every tab). */
export const sessionEndListeners = new Set<() => void>();

/** Hooks run when the demo role changes (the tabs store closes every tab but the pinned). */
export const roleChangeListeners = new Set<() => void>();

/** The session load in flight: sign-in and the guard share it instead of asking twice. */
let loading: Promise<void> | null = null;

export const useSession = create<SessionState>((set, get) => ({
  token: getToken(),
  roles: [],
  permitted: new Set(),
  routes: [],
  titles: {},
  profile: null,
  demoRole: DEFAULT_ROLE,

  setDemoRole(demoRole) {
    const { permitted, roles } = get();
    set({ demoRole, routes: filterRoutes(routeCatalog, permitted, roles, [demoRole]) });
    for (const listener of roleChangeListeners) listener();
  },

  async signIn(body) {
    const { token, session } = await sessionApi.login(body);
    setToken(token);
    // The sign-in answer carries the permission list and the profile: the token and the session
    // are set together, before the page navigates (a token without its routes would send the
    // guard to load them meanwhile). Without them, ask now; the guard waits for this same load.
    if (session) await applySession(set, session.menu, session.profile, token);
    else {
      set({ token, roles: [], routes: [], profile: null });
      get()
        .load()
        .catch(() => {});
    }
  },

  load() {
    loading ??= loadSession(set).finally(() => {
      loading = null;
    });
    return loading;
  },

  async signOut() {
    try {
      await sessionApi.logout();
    } finally {
      get().resetToken();
      set({ profile: null });
      for (const listener of sessionEndListeners) listener();
    }
  },

  resetToken() {
    removeToken();
    set({
      token: undefined,
      roles: [],
      permitted: new Set(),
      routes: [],
      titles: {},
      demoRole: DEFAULT_ROLE,
    });
  },

  async refreshProfile() {
    set({ profile: await sessionApi.profile() });
  },
}));

/** The one permission check of the SPA: menu, guard and buttons (server enforces the same). */
export function can(name: string): boolean {
  return useSession.getState().permitted.has(name);
}

export function useCan(name: string): boolean {
  return useSession((state) => state.permitted.has(name));
}

/** The route catalogue, loaded with the session (see applySession). */
let filterRoutes: typeof import('../../shared/routes').filterRoutes = () => [];
let routeCatalog: RouteDef[] = [];

type SetSession = (partial: Partial<SessionState>) => void;

/** Fetches the permission list and the profile, then builds the routes. */
async function loadSession(set: SetSession) {
  const [menu, profile] = await Promise.all([sessionApi.menu(), sessionApi.profile()]);
  await applySession(set, menu, profile);
}

/**
 * Builds the session from the permission list and the profile. The route catalogue (every area's
 * definition) comes with the shell, not with the login page: the login page prefetches the shell,
 * so by the time someone signs in it is there.
 */
async function applySession(set: SetSession, menu: MenuEntry[], profile: Profile, token?: string) {
  ({ filterRoutes, routeCatalog } = await import('../../shared/routes'));
  // Signed in, the site name is the merchant's own.
  sessionApi
    .websiteConfig()
    .then((config) => useApp.getState().setWebsiteName(config.website_name))
    .catch(() => {});
  const permitted = new Set(menu.map((entry) => entry.name));
  const titles: Record<string, string> = {};
  for (const entry of menu) if (entry.title) titles[entry.name] = entry.title;
  const roles = profile.roles.length > 0 ? profile.roles : [DEFAULT_ROLE];
  set({
    ...(token ? { token } : {}),
    roles,
    permitted,
    titles,
    profile,
    routes: filterRoutes(routeCatalog, permitted, roles, [useSession.getState().demoRole]),
  });
}
