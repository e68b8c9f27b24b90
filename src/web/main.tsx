import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { Root } from './app/root';
import { captureGlobalErrors } from './stores/error-log';

if (import.meta.env.PROD) captureGlobalErrors();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
