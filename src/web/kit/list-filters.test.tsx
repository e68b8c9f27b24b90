import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListFilters, valuesOf } from './list-filters';
import type { ListFilter } from './list-state';

const filters: ListFilter[] = [
  { type: 'text', name: 'title', label: 'Title' },
  {
    type: 'select',
    name: 'published',
    label: 'Shown',
    options: [
      { value: true, label: 'Yes' },
      { value: false, label: 'No' },
    ],
  },
  { type: 'dateRange', name: 'createdRange', label: 'Created' },
];

afterEach(cleanup);

describe('valuesOf', () => {
  it('types what was typed and leaves out blank or bad entries', () => {
    expect(
      valuesOf(filters, { title: '  tea ', published: 'false', createdRange: '2026-01-01,' }),
    ).toEqual({ title: 'tea', published: false, createdRange: ['2026-01-01', '2026-01-01'] });
    expect(valuesOf(filters, { title: ' ', published: '', createdRange: '' })).toEqual({
      title: undefined,
      published: undefined,
      createdRange: undefined,
    });
  });
});

describe('ListFilters', () => {
  it('shows the list state, searches with what is typed, and follows a new state', {
    timeout: 30_000,
  }, async () => {
    const onSearch = vi.fn();
    const state = { title: 'tea', createdRange: ['2026-01-01', '2026-01-31'] };
    const { rerender } = render(
      <ListFilters id="t" filters={filters} state={state} onSearch={onSearch} onReset={() => {}} />,
    );
    const title = (await screen.findByRole(
      'searchbox',
      { name: 'Title' },
      { timeout: 20_000 },
    )) as HTMLInputElement;
    expect(title.value).toBe('tea');
    const dates = screen.getByRole('group', { name: 'Created' }).querySelectorAll('input');
    expect([...dates].map((input) => input.value)).toEqual(['2026-01-01', '2026-01-31']);
    fireEvent.change(title, { target: { value: 'cups' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Shown' }));
    fireEvent.click(await screen.findByTitle('Yes'));
    fireEvent.submit(title.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(onSearch).toHaveBeenCalledWith({
        title: 'cups',
        published: true,
        createdRange: ['2026-01-01', '2026-01-31'],
      }),
    );

    // Back button or Reset: the fields show the list's new state.
    rerender(
      <ListFilters id="t" filters={filters} state={{}} onSearch={onSearch} onReset={() => {}} />,
    );
    await waitFor(() => expect(title.value).toBe(''));
    const cleared = screen.getByRole('group', { name: 'Created' }).querySelectorAll('input');
    expect([...cleared].map((input) => input.value)).toEqual(['', '']);
  });

  it('keeps what is typed after a search, before the list state it asked for arrives', {
    timeout: 30_000,
  }, async () => {
    const onSearch = vi.fn();
    const { rerender } = render(
      <ListFilters id="t" filters={filters} state={{}} onSearch={onSearch} onReset={() => {}} />,
    );
    const title = (await screen.findByRole(
      'searchbox',
      { name: 'Title' },
      { timeout: 20_000 },
    )) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'tea' } });
    fireEvent.submit(title.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ title: 'tea' })),
    );
    // Typed on at once; the address has changed, the list's state follows a render later.
    fireEvent.change(title, { target: { value: 'teapot' } });
    rerender(
      <ListFilters
        id="t"
        filters={filters}
        state={{ title: 'tea' }}
        onSearch={onSearch}
        onReset={() => {}}
      />,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(title.value).toBe('teapot');
    // A state it did not ask for (the back button) still shows.
    rerender(
      <ListFilters id="t" filters={filters} state={{}} onSearch={onSearch} onReset={() => {}} />,
    );
    await waitFor(() => expect(title.value).toBe(''));
  });

  it('takes typed days in the date boxes, and the picker takes their place, not while typed in', {
    timeout: 30_000,
  }, async () => {
    const onSearch = vi.fn();
    render(
      <ListFilters id="t" filters={filters} state={{}} onSearch={onSearch} onReset={() => {}} />,
    );
    const range = screen.getByRole('group', { name: 'Created' });
    const [from, to] = [...range.querySelectorAll('input')];
    // Plain boxes until then: a whole day counts, a partial one does not.
    fireEvent.focusIn(from!);
    fireEvent.change(from!, { target: { value: '2026-02-01' } });
    fireEvent.change(to!, { target: { value: '2026-02' } });
    fireEvent.submit(from!.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(onSearch).toHaveBeenLastCalledWith({
        title: undefined,
        published: undefined,
        createdRange: ['2026-02-01', '2026-02-01'],
      }),
    );
    // The picker is in (focus fetched it), but the boxes stay while they have the focus.
    await import('./date-range-picker');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('group', { name: 'Created' }).querySelector('.ant-picker')).toBeNull();
    fireEvent.change(to!, { target: { value: '2026-02-28' } });
    fireEvent.focusOut(to!, { relatedTarget: document.body });
    // Out of the boxes: the picker, with what was typed.
    await waitFor(
      () =>
        expect(
          screen.getByRole('group', { name: 'Created' }).querySelector('.ant-picker'),
        ).not.toBeNull(),
      { timeout: 20_000 },
    );
    const picked = screen.getByRole('group', { name: 'Created' }).querySelectorAll('input');
    expect([...picked].map((input) => input.value)).toEqual(['2026-02-01', '2026-02-28']);
  });
});
