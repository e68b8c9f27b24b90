/** A board: column id → the ids of its items, in order. */
export type Board = Record<string, string[]>;

/** The column holding `id` (an item, or a column itself). */
export function columnOf(board: Board, id: string): string | undefined {
  if (id in board) return id;
  return Object.keys(board).find((column) => board[column]!.includes(id));
}

/**
 * `active` moved onto `over` (an item or a column): within a column it takes the place of `over`;
 * into another column it goes before `over`, or last when dropped on the column itself.
 */
export function moveItem(board: Board, active: string, over: string): Board {
  const from = columnOf(board, active);
  const to = columnOf(board, over);
  if (!from || !to || active === over) return board;
  const source = board[from]!.filter((id) => id !== active);
  if (from === to) {
    const items = [...board[from]!];
    const at = items.indexOf(over);
    items.splice(items.indexOf(active), 1);
    items.splice(at, 0, active);
    return { ...board, [from]: items };
  }
  const target = [...board[to]!];
  const at = over === to ? target.length : target.indexOf(over);
  target.splice(at, 0, active);
  return { ...board, [from]: source, [to]: target };
}
