import { theme as antdTheme, type ThemeConfig } from 'antd';
import { AA, contrast, shadeFor, shadeForAll } from './contrast';

/**
 * antd's CSS-variable key. Fixed rather than React's useId, so class and variable names are the
 * same on every render and in every provider (shell, error pages, toasts).
 */
export const CSS_VAR_KEY = 'ma';

/** The sidebar's background in light mode: antd's dark menu colour (in dark mode, the container's). */
export const SIDER_BG_LIGHT_MODE = '#001529';

/** antd's container background in dark mode, where text sits. */
const DARK_CONTAINER = '#141414';

/**
 * The seed of a colour token whose value, once antd's algorithm has made it, reads at 4.5:1
 * (WCAG AA) against each of `backgrounds`: the chosen colour when it does, else its nearest shade
 * that does (darker on light, lighter on dark). The primary token carries white text (filled
 * buttons, the selected menu item, the active tab); the link token sits on the page, on tinted
 * panels (alerts, table headers, the storefront's grey) and on the selected item. The spec's
 * #1890ff with white text is 3.24:1.
 */
function readableSeed(
  primary: string,
  dark: boolean,
  token: 'colorPrimary' | 'colorLink',
  backgrounds: readonly string[],
): string {
  const algorithm = dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm;
  const made = (seed: string) =>
    antdTheme.getDesignToken({ algorithm, token: { [token]: seed } })[token];
  const worst = (colour: string) => Math.min(...backgrounds.map((b) => contrast(colour, b)));
  let seed = primary;
  for (let ratio = AA; ratio < 21 && worst(made(seed)) < AA; ratio += 0.25)
    seed = shadeFor(primary, backgrounds[0]!, ratio);
  return seed;
}

/** antd's preset colours: a tag of one shows its 7th shade on its 1st. */
const PRESET_COLOURS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/**
 * Tags' text in shades that read on their own tinted background: a status tag (success,
 * processing, warning, error) shows the status colour on its pale one (antd's success green on
 * its green is 2.2:1), a coloured tag its palette's 7th shade on the 1st (gold: 2.75:1).
 */
function readableTags(made: Record<string, unknown>): Record<string, string> {
  const on = (text: string, background: string) =>
    shadeForAll(made[text] as string, [made[background] as string]);
  return {
    colorSuccess: on('colorSuccess', 'colorSuccessBg'),
    colorInfo: on('colorInfo', 'colorInfoBg'),
    colorWarning: on('colorWarning', 'colorWarningBg'),
    colorError: on('colorError', 'colorErrorBg'),
    ...Object.fromEntries(PRESET_COLOURS.map((key) => [`${key}7`, on(`${key}7`, `${key}1`)])),
  };
}

const configs = new Map<string, ThemeConfig>();

/**
 * The antd theme of the whole app: the settings' colour and dark mode, in shades that text can be
 * read in (WCAG AA, 4.5:1). The colour as chosen stays where it is decoration (the charts, the
 * logo); filled buttons, links and selected items use a darker shade of it on light, and links
 * and selected text a lighter one on dark; secondary grey text (descriptions, breadcrumbs, hints)
 * is darker than antd's #8c8c8c (3.36:1). With the system's "reduce motion" set, dialogs, drawers,
 * menus and messages appear without animating.
 */
export function themeConfig(primary: string, dark: boolean, reducedMotion = false): ThemeConfig {
  const key = `${primary}/${dark}/${reducedMotion}`;
  const known = configs.get(key);
  if (known) return known;
  const algorithm = dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm;
  const seed = readableSeed(primary, dark, 'colorPrimary', ['#ffffff']);
  const made = antdTheme.getDesignToken({ algorithm, token: { colorPrimary: seed } });
  // Where links and text in the theme colour sit: the page and its grey, raised panels, the
  // alerts' and the selected item's tints.
  const surfaces = [
    ...(dark ? [DARK_CONTAINER, made.colorBgElevated] : ['#ffffff', made.colorBgLayout]),
    made.colorPrimaryBg,
    made.colorInfoBg,
    made.colorSuccessBg,
    made.colorWarningBg,
    made.colorErrorBg,
  ];
  const link = readableSeed(primary, dark, 'colorLink', surfaces);
  // Text in the primary colour on dark surfaces (the selected tab, page and menu item).
  const onDark = shadeForAll(primary, surfaces);
  const secondary = dark ? 'rgba(255, 255, 255, 0.55)' : 'rgba(0, 0, 0, 0.55)';
  const page = dark ? DARK_CONTAINER : '#ffffff';
  const config: ThemeConfig = {
    cssVar: { key: CSS_VAR_KEY },
    algorithm,
    token: {
      colorPrimary: seed,
      colorTextTertiary: secondary,
      colorTextDescription: secondary,
      // A select's placeholder is text axe measures (antd's #bfbfbf is 1.83:1).
      colorTextPlaceholder: secondary,
      // Warning and error texts (a to-do on the dashboard, a field's error): antd's #faad14 and
      // #ff4d4f on white are 1.9 and 3.26:1.
      colorWarningText: shadeFor('#faad14', page),
      colorErrorText: shadeFor('#ff4d4f', page),
      ...(dark ? {} : { colorError: shadeFor('#ff4d4f', page) }),
      colorLink: link,
      ...(reducedMotion ? { motion: false } : {}),
    },
    components: {
      Tag: readableTags(made as unknown as Record<string, unknown>),
      ...(dark
        ? {
            Tabs: { itemSelectedColor: onDark, itemActiveColor: onDark, itemHoverColor: onDark },
            Pagination: { itemActiveColor: onDark, itemActiveColorHover: onDark },
            Menu: { itemSelectedColor: onDark, subMenuItemSelectedColor: onDark },
          }
        : {}),
    },
  };
  configs.set(key, config);
  return config;
}
