import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/root';
import { i18nReady } from './i18n';
import { captureGlobalErrors } from './stores/error-log';

if (import.meta.env.PROD) captureGlobalErrors();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// English users wait for their dictionary chunk; for Chinese (built in) this is immediate.
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  ),
);
