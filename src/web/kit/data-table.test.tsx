import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type Key, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DataColumn, DataTable, type TableSort } from './data-table';

interface Row {
  id: number;
  title: string;
  views: number;
}
const rows: Row[] = [
  { id: 1, title: 'Tea', views: 5 },
  { id: 2, title: 'Cups', views: 9 },
];
const columns: DataColumn<Row>[] = [
  { key: 'title', title: 'Title', dataIndex: 'title', sortKey: 'title' },
  { key: 'views', title: 'Views', dataIndex: 'views', render: (v: number) => `${v} views` },
  { key: 'actions', title: 'Actions', fixed: 'right', render: (_, row) => `edit ${row.id}` },
];

function Selectable({ onSelect }: { onSelect(keys: Key[]): void }) {
  const [selected, setSelected] = useState<Key[]>([]);
  return (
    <DataTable<Row>
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

describe('DataTable', () => {
  it('renders the rows through the columns, keyed by rowKey', () => {
    render(
      <DataTable label="Articles" columns={columns} rows={rows} rowKey="id" empty="Nothing" />,
    );
    const table = screen.getByRole('table', { name: 'Articles' });
    const bodyRows = table.querySelectorAll('tbody tr');
    expect([...bodyRows].map((tr) => tr.getAttribute('data-row-key'))).toEqual(['1', '2']);
    expect(within(bodyRows[1] as HTMLElement).getByText('9 views')).toBeTruthy();
    expect(within(bodyRows[1] as HTMLElement).getByText('edit 2').className).toContain(
      'data-table__fixed-right',
    );
    expect(screen.queryByText('Nothing')).toBeNull();
  });

  it('shows the sort and hands a sortable header press to the screen', () => {
    const onSort = vi.fn();
    const sort: TableSort = { key: 'title', order: 'desc' };
    render(
      <DataTable
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
    fireEvent.click(within(title).getByRole('button'));
    expect(onSort).toHaveBeenCalledWith(columns[0]);
  });

  it('chooses rows one by one and a page at a time', () => {
    const onSelect = vi.fn();
    render(<Selectable onSelect={onSelect} />);
    const [pageBox, first] = screen.getAllByRole('checkbox') as HTMLInputElement[];
    fireEvent.click(first as HTMLInputElement);
    expect(onSelect).toHaveBeenLastCalledWith([1]);
    expect(pageBox?.indeterminate).toBe(true);
    expect(screen.getAllByRole('row')[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(pageBox as HTMLInputElement);
    expect(onSelect).toHaveBeenLastCalledWith([1, 2]);
    expect(pageBox?.checked).toBe(true);
    expect(pageBox?.indeterminate).toBe(false);
    fireEvent.click(pageBox as HTMLInputElement);
    expect(onSelect).toHaveBeenLastCalledWith([]);
  });

  it('shows the empty state, or only the spinner while the first page loads', () => {
    const { rerender } = render(
      <DataTable label="Articles" columns={columns} rows={[]} rowKey="id" empty="Nothing" />,
    );
    expect(screen.getByText('Nothing')).toBeTruthy();
    rerender(
      <DataTable
        label="Articles"
        columns={columns}
        rows={[]}
        rowKey="id"
        empty="Nothing"
        loading
      />,
    );
    expect(screen.queryByText('Nothing')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
