import { PUBLIC_PATHS } from '../../shared/constants';

export type GuardDecision =
  | { kind: 'public' }
  | { kind: 'allow' }
  | { kind: 'load' }
  | { kind: 'redirect'; to: string };

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  /** The permission list is loaded and the routes are built. */
  loaded: boolean;
}

export function isPublicPath(pathname: string): boolean {
  return (
    (PUBLIC_PATHS as readonly string[]).includes(pathname) || pathname.startsWith('/redirect/')
  );
}

/**
 * The route guard of spec §2 and §4, as a pure function:
 * signed in on /login → /; public routes open; no token → /login?redirect=<wanted path>;
 * token but no routes → load them, then re-enter; / → /dashboard.
 */
export function decide({ pathname, search, hasToken, loaded }: GuardInput): GuardDecision {
  if (hasToken && pathname === '/login') return { kind: 'redirect', to: '/' };
  if (isPublicPath(pathname)) return { kind: 'public' };
  if (!hasToken) {
    return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(pathname + search)}` };
  }
  if (!loaded) return { kind: 'load' };
  if (pathname === '/' || pathname === '') return { kind: 'redirect', to: '/dashboard' };
  return { kind: 'allow' };
}

/** Where to go after signing in: the `redirect` query if it is a path of this app, else /. */
export function redirectTarget(search: string): string {
  const wanted = new URLSearchParams(search).get('redirect');
  if (!wanted?.startsWith('/') || wanted.startsWith('//')) return '/';
  if (wanted === '/login' || wanted.startsWith('/login?')) return '/';
  return wanted;
}
