import { theme as antdTheme, type ThemeConfig } from 'antd';

/**
 * antd's CSS-variable key. Fixed (not React's useId) so the styles generated at build time by
 * scripts/antd-styles.tsx carry the same class and variable names as the ones in the browser.
 */
export const CSS_VAR_KEY = 'ma';

/** The antd theme of the whole app: the settings' primary colour and dark mode. */
export function themeConfig(primary: string, dark: boolean): ThemeConfig {
  return {
    cssVar: { key: CSS_VAR_KEY },
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary: primary },
  };
}
