import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** Packages whose index only re-exports their parts; an import names the parts it takes. */
const BARREL = /node_modules[\\/](antd|@ant-design[\\/]icons)[\\/]es[\\/](icons[\\/])?index\.js$/;
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const NAMED_EXPORT = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const STAR_EXPORT = /export\s*\*\s*from\s*["']([^"']+)["']/g;

/** `a, b as c, default as D` → the names the other side sees: a, c, D (exports) or a, b (imports). */
function names(list: string, side: 'local' | 'exported'): string[] {
  return list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter((parts) => parts[0])
    .map((parts) => ((side === 'exported' ? parts.at(-1) : parts[0]) as string).trim());
}

type Info = (id: string) => Rollup.ModuleInfo | null;

/** The module a relative specifier of `from` names, among the modules `from` imports. */
function resolveRelative(info: Info, from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return info(from)?.importedIds.find(
    (id) => id === base || id === `${base}.js` || id === path.join(base, 'index.js'),
  );
}

/** The modules behind `wanted` names of a barrel, following its `export *` to nested barrels. */
function barrelParts(info: Info, barrel: string, wanted: string[]): string[] {
  const code = info(barrel)?.code ?? '';
  const found: string[] = [];
  let left = [...wanted];
  for (const [, list, spec] of code.matchAll(NAMED_EXPORT)) {
    const exported = names(list as string, 'exported');
    if (!left.some((name) => exported.includes(name))) continue;
    const target = resolveRelative(info, barrel, spec as string);
    if (target) found.push(target);
    left = left.filter((name) => !exported.includes(name));
  }
  if (left.length)
    for (const [, spec] of code.matchAll(STAR_EXPORT)) {
      const nested = resolveRelative(info, barrel, spec as string);
      if (nested) found.push(...barrelParts(info, nested, left));
    }
  return found;
}

/** What `id` needs statically: its imports, with a barrel narrowed to the parts it names. */
function needs(info: Info, id: string): string[] {
  const module = info(id);
  if (!module) return [];
  const out: string[] = [];
  for (const dep of module.importedIds) {
    if (!BARREL.test(dep)) {
      out.push(dep);
      continue;
    }
    const wanted: string[] = [];
    for (const [, list, spec] of (module.code ?? '').matchAll(NAMED_IMPORT))
      if (dep.replaceAll('\\', '/').includes(`node_modules/${spec}/`))
        wanted.push(...names(list as string, 'local'));
    out.push(...barrelParts(info, dep, wanted));
  }
  return out;
}

function closure(info: Info, root: string): Set<string> {
  const seen = new Set([root]);
  for (const id of seen) for (const next of needs(info, id)) seen.add(next);
  return seen;
}

/**
 * Two chunk groups read off the module graph once it is built (buildEnd runs before chunks are
 * formed): `entry`, what the login page's entry needs, and `shell`, what the signed-in layout
 * needs beyond that. Left to automatic splitting, the ~55 modules the shell shares with screens
 * (antd's Button, Space, Tooltip, …) become ~55 files, each compressed on its own and each a
 * request. Every screen renders inside the shell, so no screen loads the shell chunk in vain.
 * The entry group keeps the shell group from pulling the entry's modules into itself (groups
 * take their modules' dependencies along).
 */
export function shellChunks(entry: string, layout: string) {
  const sets = { entry: new Set<string>(), shell: new Set<string>() };
  const plugin: Plugin = {
    name: 'shell-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => {
        const id = ids.find((m) => m.replaceAll('\\', '/').endsWith(suffix));
        if (!id) this.error(`shell-chunks: no module ${suffix}`);
        return id;
      };
      const info: Info = (id) => this.getModuleInfo(id);
      sets.entry = closure(info, find(entry));
      sets.shell = new Set([...closure(info, find(layout))].filter((id) => !sets.entry.has(id)));
    },
  };
  return {
    plugin,
    entry: (id: string) => sets.entry.has(id),
    shell: (id: string) => sets.shell.has(id),
  };
}
