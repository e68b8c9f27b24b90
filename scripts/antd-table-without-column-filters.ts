import type { Plugin } from 'vite';

/**
 * Build step: antd's Table without its column filter dropdowns. Why: they bring antd's Tree, Menu
 * and their styles (about a fifth of a list screen's script) to every list, and the lists filter
 * in their filter bar (kit/list-filters.tsx), never in a column. A column that sets `filters` or
 * `filterDropdown` fails loudly with a message naming this file. Only the production build: the
 * dev server and the unit tests keep antd whole.
 */
const FILTER_DROPDOWN =
  /node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/;
const STUB = '\0antd-table-filter-dropdown';

const STUB_CODE = `
export function flattenKeys(filters) {
  let keys = [];
  for (const { value, children } of filters || []) {
    keys.push(value);
    if (children) keys = keys.concat(flattenKeys(children));
  }
  return keys;
}
export default function FilterDropdown() {
  throw new Error("antd's column filters are left out of the build (scripts/antd-table-without-column-filters.ts): filter in the list's filter bar");
}
`;

export function antdTableWithoutColumnFilters(): Plugin {
  return {
    name: 'antd-table-without-column-filters',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.endsWith('/FilterDropdown')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && FILTER_DROPDOWN.test(resolved.id) ? STUB : null;
    },
    load(id) {
      return id === STUB ? STUB_CODE : null;
    },
  };
}
