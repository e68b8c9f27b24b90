/** The icon themes of @ant-design/icons, by the suffix of their names. */
export const ICON_THEMES = ['Outlined', 'Filled', 'TwoTone'] as const;
export type IconTheme = (typeof ICON_THEMES)[number];

/** The icon components among a module's exports, by theme, each list sorted. */
export function iconNames(exports: Record<string, unknown>): Record<IconTheme, string[]> {
  const found: Record<IconTheme, string[]> = { Outlined: [], Filled: [], TwoTone: [] };
  for (const [name, value] of Object.entries(exports)) {
    if (!/^[A-Z]/.test(name) || (typeof value !== 'object' && typeof value !== 'function'))
      continue;
    const theme = ICON_THEMES.find((suffix) => name.endsWith(suffix));
    if (theme) found[theme].push(name);
  }
  for (const names of Object.values(found)) names.sort();
  return found;
}

/** The JSX a click copies. */
export const iconJsx = (name: string) => `<${name} />`;

/** Names matching the search, case and order of words ignored (`arrow up` finds ArrowUpOutlined). */
export function matchIcons(names: readonly string[], search: string): string[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return names.filter((name) => words.every((word) => name.toLowerCase().includes(word)));
}
