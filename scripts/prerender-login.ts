/**
 * Build step (after `vite build`): dist/web/login.html, the app's index.html with the login page
 * prerendered into #root, so /login paints from the HTML and its CSS before any script runs; the
 * server sends it for /login and main.tsx hydrates it. An inline check in <head> (its hash is
 * allowed by the server's CSP) hides the markup when the browser's stored language, theme or
 * session would render something else. See src/web/app/prerender.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';

const root = path.resolve('dist/web');
const vite = await createServer({
  configFile: path.resolve('vite.config.ts'),
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'warn',
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { prerenderLogin } = (await vite.ssrLoadModule(
    '/features/auth/login-prerender.tsx',
  )) as typeof import('../src/web/features/auth/login-prerender');
  const rendered = await prerenderLogin();
  // React writes resource hints (the logo's preload) ahead of the markup; they belong in <head>,
  // and #root must hold exactly what the first render makes for hydration to match.
  const hints = rendered.html.match(/^(<link [^>]*\/>)*/)?.[0] ?? '';
  const html = rendered.html.slice(hints.length);
  const { script } = rendered;
  const index = readFileSync(path.join(root, 'index.html'), 'utf8');
  const hide = '<style>html[data-prerender=off] #root[data-prerendered]{visibility:hidden}</style>';
  // The entry's stylesheet (the login page's own CSS, a few KiB) goes inline: the first paint
  // then waits for no request at all.
  const inlined = index.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (_tag, file: string) => `<style>${readFileSync(path.join(root, file), 'utf8')}</style>`,
  );
  const page = inlined
    // First in <head>: nothing before it delays it, and it runs before anything can paint.
    .replace(
      '<meta charset="UTF-8" />',
      `<meta charset="UTF-8" /><script>${script}</script>${hide}`,
    )
    .replace('</head>', `${hints}</head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="login">${html}</div>`);
  if (!page.includes('data-prerendered') || !page.includes('<script>') || inlined === index) {
    throw new Error(
      'index.html lacks what the login page fills in: its charset, #root or stylesheet',
    );
  }
  writeFileSync(path.join(root, 'login.html'), page);
  console.log(`prerender-login: login.html (${(Buffer.byteLength(page) / 1024).toFixed(1)} KiB)`);
} finally {
  await vite.close();
}
