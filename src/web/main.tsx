import './kit/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PRERENDER_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from './app/prerender';
import { Root } from './app/root';
import { i18nReady } from './i18n';
import { muteUnusedTransitionEvents } from './kit/transition-events';
import { captureGlobalErrors } from './stores/error-log';

if (import.meta.env.PROD) captureGlobalErrors();
muteUnusedTransitionEvents();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <Root />
  </StrictMode>
);
// /login arrives prerendered (app/prerender.ts): hydrate it when its inline check found that it
// fits this browser; otherwise drop the markup (hidden until now) and render afresh.
const html = document.documentElement;
if (
  container.hasAttribute(PRERENDERED_ATTRIBUTE) &&
  html.getAttribute(PRERENDER_ATTRIBUTE) === 'on'
) {
  hydrateRoot(container, app);
} else {
  // English users wait for their dictionary chunk; for Chinese (built in) this is immediate.
  void i18nReady.then(() => {
    container.textContent = '';
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
    html.removeAttribute(PRERENDER_ATTRIBUTE);
    createRoot(container).render(app);
  });
}
