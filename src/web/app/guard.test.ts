import { describe, expect, it } from 'vitest';
import { decide, redirectTarget } from './guard';

const at = (pathname: string, hasToken: boolean, loaded = false, search = '') =>
  decide({ pathname, search, hasToken, loaded });

describe('decide (spec §2/§4 guard)', () => {
  it('sends a signed-out user to login with the wanted path, query included', () => {
    expect(at('/client-list', false, false, '?page=2')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fclient-list%3Fpage%3D2',
    });
  });
  it('opens public routes without a token', () => {
    for (const path of ['/login', '/404', '/401', '/auth-redirect', '/redirect/dashboard']) {
      expect(at(path, false)).toEqual({ kind: 'public' });
    }
  });
  it('sends a signed-in user away from login', () => {
    expect(at('/login', true, true)).toEqual({ kind: 'redirect', to: '/' });
    expect(at('/login', true, false)).toEqual({ kind: 'redirect', to: '/' });
  });
  it('loads the permission list first when the routes are not built', () => {
    expect(at('/dashboard', true, false)).toEqual({ kind: 'load' });
  });
  it('sends / to the dashboard and lets the rest through once loaded', () => {
    expect(at('/', true, true)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(at('/client-list', true, true)).toEqual({ kind: 'allow' });
  });
});

describe('redirectTarget', () => {
  it('returns to a path of this app', () => {
    expect(redirectTarget('?redirect=%2Fclient-list%3Fpage%3D2')).toBe('/client-list?page=2');
  });
  it('refuses other origins and loops', () => {
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2Flogin')).toBe('/');
    expect(redirectTarget('')).toBe('/');
  });
});
