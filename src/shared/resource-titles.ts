import { definitions } from '#resource-definitions';
import { screenRoutes } from './resource';

/**
 * The shell's titles of every resource's screens, add/edit pages and permissions in `language`
 * (the keys under `route.`, a permission's `.` as `_`), from the definitions' `titles`: the menu,
 * tabs, breadcrumbs and the accounts' permission tree name an area before its dictionary loads.
 */
export function resourceRouteTitles(language: 'zh' | 'en'): Record<string, string> {
  const titles: Record<string, string> = {};
  for (const resource of definitions) {
    const names = resource.titles[language];
    for (const route of screenRoutes(resource))
      titles[route] = names.screens?.[route] ?? names.menu ?? names.title;
    if (resource.page) titles[resource.page.route] = names.page ?? names.edit ?? names.title;
    for (const permission of resource.permissions ?? []) {
      const [screen = '', what = ''] = permission.split('.');
      titles[permission.replace('.', '_')] =
        `${titles[screen] ?? names.title} · ${names.permissions?.[what] ?? what}`;
    }
  }
  return titles;
}
