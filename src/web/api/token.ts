import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '../../shared/constants';

/** The session token lives in the `Admin-Token` cookie (spec §4), readable by the SPA only. */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE);
}

export function setToken(token: string) {
  Cookies.set(TOKEN_COOKIE, token, {
    sameSite: 'strict',
    secure: location.protocol === 'https:',
  });
}

export function removeToken() {
  Cookies.remove(TOKEN_COOKIE);
}
