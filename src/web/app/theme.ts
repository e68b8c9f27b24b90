import { theme as antdTheme, type ThemeConfig } from 'antd';

/**
 * antd's CSS-variable key. Fixed rather than React's useId, so class and variable names are the
 * same on every render and in every provider (shell, error pages, toasts).
 */
export const CSS_VAR_KEY = 'ma';

/** The sidebar's background in light mode: antd's dark menu colour (in dark mode, the container's). */
export const SIDER_BG_LIGHT_MODE = '#001529';

/** The antd theme of the whole app: the settings' primary colour and dark mode. */
export function themeConfig(primary: string, dark: boolean): ThemeConfig {
  return {
    cssVar: { key: CSS_VAR_KEY },
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary: primary },
  };
}
