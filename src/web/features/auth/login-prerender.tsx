import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { prerenderCheckScript } from '../../app/prerender';
import { i18nReady } from '../../i18n';
import { LoginPage } from './login-page';

/**
 * Build time (scripts/prerender-login.ts): the login page's markup as the browser's first render
 * makes it (Chinese, default settings, signed out; the guard and router add no elements), and the
 * inline check that decides whether it fits (app/prerender.ts).
 */
export async function prerenderLogin(): Promise<{ html: string; script: string }> {
  await i18nReady;
  const html = renderToString(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
  return { html, script: prerenderCheckScript() };
}
