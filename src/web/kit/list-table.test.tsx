import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type Key, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ListColumn, ListTable, type TableSort } from './list-table';
import { moveRow } from './sortable-rows';

interface Row {
  id: number;
  title: string;
  views: number;
  parentId?: number;
  children?: Row[];
}
const rows: Row[] = [
  { id: 1, title: 'Tea', views: 5 },
  { id: 2, title: 'Cups', views: 9 },
];
const columns: ListColumn<Row>[] = [
  { key: 'title', title: 'Title', dataIndex: 'title', sortKey: 'title' },
  { key: 'views', title: 'Views', dataIndex: 'views', render: (v: number) => `${v} views` },
  { key: 'actions', title: 'Actions', fixed: 'right', render: (_, row) => `edit ${row.id}` },
];

const dataRows = () => [...document.querySelectorAll('tbody tr[data-row-key]')];

function Selectable({ onSelect }: { onSelect(keys: Key[]): void }) {
  const [selected, setSelected] = useState<Key[]>([]);
  return (
    <ListTable<Row>
      label="Articles"
      columns={columns}
      rows={rows}
      rowKey="id"
      empty="Nothing"
      selection={{
        selected,
        onChange: (keys) => {
          setSelected(keys);
          onSelect(keys);
        },
      }}
    />
  );
}

afterEach(cleanup);

describe('ListTable', () => {
  it('renders the rows through the columns, keyed by rowKey, the actions pinned', () => {
    render(
      <ListTable label="Articles" columns={columns} rows={rows} rowKey="id" empty="Nothing" />,
    );
    screen.getByRole('table', { name: 'Articles' });
    expect(dataRows().map((tr) => tr.getAttribute('data-row-key'))).toEqual(['1', '2']);
    const second = dataRows()[1] as HTMLElement;
    expect(within(second).getByText('9 views')).toBeTruthy();
    expect(within(second).getByText('edit 2').className).toContain('ant-table-cell-fix');
    expect(screen.queryByText('Nothing')).toBeNull();
  });

  it('shows the sort and hands a sortable header press or Enter to the screen', () => {
    const onSort = vi.fn();
    const sort: TableSort = { key: 'title', order: 'desc' };
    const { rerender } = render(
      <ListTable
        label="Articles"
        columns={columns}
        rows={rows}
        rowKey="id"
        empty="Nothing"
        sort={sort}
        onSort={onSort}
      />,
    );
    const title = screen.getByRole('columnheader', { name: /Title/ });
    expect(title.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Views' }).hasAttribute('aria-sort')).toBe(
      false,
    );
    fireEvent.click(title);
    expect(onSort).toHaveBeenLastCalledWith(columns[0]);
    fireEvent.keyDown(title, { key: 'Enter', keyCode: 13 });
    expect(onSort).toHaveBeenCalledTimes(2);
    // Sorted by another column: this one says it is sortable, not sorted.
    rerender(
      <ListTable
        label="Articles"
        columns={columns}
        rows={rows}
        rowKey="id"
        empty="Nothing"
        sort={{ key: 'createdAt', order: 'desc' }}
        onSort={onSort}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe(
      'none',
    );
  });

  it('chooses rows one by one and a page at a time', () => {
    const onSelect = vi.fn();
    render(<Selectable onSelect={onSelect} />);
    const pageBox = screen.getByRole('checkbox', { name: 'kit.selectPage' }) as HTMLInputElement;
    const [first] = screen.getAllByRole('checkbox', {
      name: 'kit.selectRow',
    }) as HTMLInputElement[];
    fireEvent.click(first as HTMLInputElement);
    expect(onSelect).toHaveBeenLastCalledWith([1]);
    expect(pageBox.indeterminate).toBe(true);
    expect(dataRows()[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(pageBox);
    expect(onSelect).toHaveBeenLastCalledWith([1, 2]);
    expect(pageBox.checked).toBe(true);
    expect(pageBox.indeterminate).toBe(false);
    fireEvent.click(pageBox);
    expect(onSelect).toHaveBeenLastCalledWith([]);
  });

  it('shows the empty state, or only the spinner while the first page loads', async () => {
    const { rerender } = render(
      <ListTable label="Articles" columns={columns} rows={[]} rowKey="id" empty="Nothing" />,
    );
    expect(screen.getByText('Nothing')).toBeTruthy();
    rerender(
      <ListTable
        label="Articles"
        columns={columns}
        rows={[]}
        rowKey="id"
        empty="Nothing"
        loading
      />,
    );
    expect(screen.queryByText('Nothing')).toBeNull();
    // After a short wait (a quick answer shows no spinner at all).
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeTruthy());
  });

  it('gives each row a drag handle when rows can be moved', async () => {
    render(
      <ListTable
        label="Articles"
        columns={columns}
        rows={rows}
        rowKey="id"
        empty="Nothing"
        onMove={() => {}}
      />,
    );
    const handles = await screen.findAllByRole('button', { name: 'kit.dragRow' });
    expect(handles).toHaveLength(2);
    expect(handles[0]?.getAttribute('aria-roledescription')).toBe('kit.sortableRow');
    expect(dataRows()).toHaveLength(2);
  });
});

describe('moveRow', () => {
  const tree: Row[] = [
    { id: 1, title: 'Drinks', views: 0, children: [2, 3, 4].map((id) => ({ id }) as Row) },
    { id: 5, title: 'Cups', views: 0 },
    { id: 6, title: 'Pots', views: 0 },
  ];

  it('moves a row onto another place among its siblings, and gives their new order', () => {
    const top = moveRow(tree, 'id', 6, 1);
    expect(top?.order).toEqual([6, 1, 5]);
    expect(top?.rows[1]?.children).toBe(tree[0]?.children);
    const inner = moveRow(tree, 'id', 2, 4);
    expect(inner?.order).toEqual([3, 4, 2]);
    expect(inner?.rows[0]?.children?.map((row) => row.id)).toEqual([3, 4, 2]);
    // What was given is left as it was.
    expect(tree[0]?.children?.map((row) => row.id)).toEqual([2, 3, 4]);
  });

  it('keeps a row under its parent: no move onto another level, or onto itself', () => {
    expect(moveRow(tree, 'id', 2, 5)).toBeNull();
    expect(moveRow(tree, 'id', 5, 3)).toBeNull();
    expect(moveRow(tree, 'id', 5, 5)).toBeNull();
    expect(moveRow(tree, 'id', 5, 42)).toBeNull();
  });
});
