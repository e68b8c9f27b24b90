import { loadAntdStyles } from './antd-styles';
import { preloadable } from './preloadable';

/** The signed-in shell, lazy; its antd styles come with its code (app/antd-styles.ts). */
export const Layout = preloadable(() =>
  Promise.all([import('../layout/layout'), loadAntdStyles()]).then(([layout]) => layout),
);
