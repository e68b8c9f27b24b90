import { App } from 'antd';
import { startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AntdProvider } from '../app/antd-provider';
import { ShellSample } from './antd-sample';

let root: Root | undefined;

/**
 * Called by the login page once the shell's code has arrived: renders the antd sample into a
 * detached element (no layout, nothing shown), so that antd computes its theme tokens and
 * component tokens, and V8 compiles antd's render code, while the user is still typing rather
 * than after the click. A transition renders it in slices of a few milliseconds, so keystrokes
 * are not held up. Its errors are its own: a failed warm-up changes nothing for the user.
 */
export function warmUp() {
  if (root) return;
  const warming = createRoot(document.createElement('div'), { onUncaughtError: () => {} });
  root = warming;
  startTransition(() =>
    warming.render(
      <AntdProvider>
        <App>
          <ShellSample />
        </App>
      </AntdProvider>,
    ),
  );
}

/**
 * Unmounts the warm-up once the shell has mounted. antd counts who uses each computed token, so
 * the entries the shell now holds stay; those only the sample used are let go.
 */
export function endWarmUp() {
  root?.unmount();
  root = undefined;
}
