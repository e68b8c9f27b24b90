/** A row of a tree as its picker gets it (`/admin/<tree>/options`). */
export interface TreeRow {
  id: number;
  title: string;
  parentId: number | null;
}

/** How a row's place in its tree reads: its ancestors' titles and its own, 服装 / 男装 / T恤. */
export const PATH_SEPARATOR = ' / ';

/**
 * Each row's path from the top of its tree, by id. A row whose parent is not among the rows
 * starts its own path; a loop (which the server refuses) stops at the row met twice.
 */
export function treePaths(rows: readonly TreeRow[]): Map<number, string> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const paths = new Map<number, string>();
  const pathOf = (row: TreeRow, seen: Set<number>): string => {
    const known = paths.get(row.id);
    if (known !== undefined) return known;
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    seen.add(row.id);
    const path =
      parent && !seen.has(parent.id)
        ? `${pathOf(parent, seen)}${PATH_SEPARATOR}${row.title}`
        : row.title;
    paths.set(row.id, path);
    return path;
  };
  for (const row of rows) pathOf(row, new Set());
  return paths;
}

/** The rows as nested nodes for antd's TreeSelect, each carrying its path. */
export interface PathNode {
  value: number;
  title: string;
  path: string;
  children: PathNode[];
}

export function pathTree(rows: readonly TreeRow[], leaveOut?: number): PathNode[] {
  const paths = treePaths(rows);
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<number | null, TreeRow[]>();
  for (const row of rows) {
    if (row.id === leaveOut) continue;
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const under = (parent: number | null): PathNode[] =>
    (children.get(parent) ?? []).map((row) => ({
      value: row.id,
      title: row.title,
      path: paths.get(row.id) ?? row.title,
      children: under(row.id),
    }));
  return under(null);
}
