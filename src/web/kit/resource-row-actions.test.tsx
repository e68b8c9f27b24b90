import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineResource, enumOf, text } from '../../shared/resource';
import type { ResourceRowHandlers } from './resource-list-state';
import type { ResourceOverrides, ResourceRow } from './resource-overrides';
import { ResourceRowActions, rowActionsWidth, transitionsAtOnce } from './resource-row-actions';

const printer = defineResource({
  name: 'row-actions-test',
  route: 'row-actions-test',
  titles: { zh: { title: '打印机' }, en: { title: 'Printers' } },
  menu: { group: '/setting' },
  table: 'row_actions_test',
  fields: {
    name: text({ list: true }),
    status: enumOf(['online', 'offline'], { list: true }),
  },
  titleField: 'name',
  defaultSort: 'name',
  actions: ['list', 'detail', 'update'],
  transitions: { goOnline: { from: ['offline'], to: 'online' } },
});

const handlers = (): ResourceRowHandlers => ({
  transitions: Object.entries(printer.transitions ?? {}),
  ask: vi.fn(async () => {}),
  allOf: null,
  variantLabel: String,
  rowPath: () => undefined,
  titleOf: (row) => String(row.name),
  setViewing: vi.fn(),
  setEditing: vi.fn(),
});

const row: ResourceRow = { id: 7, name: 'Kitchen', status: 'offline', brand: 'real' };

const buttons = () => screen.getAllByRole('button').map((b) => b.textContent);

afterEach(cleanup);

describe('ResourceRowActions', () => {
  it('offers detail, the transitions the status allows, and edit; each calls its handler', () => {
    const h = handlers();
    render(
      <ResourceRowActions resource={printer} overrides={{}} handlers={h} row={row} phone={false} />,
    );
    expect(buttons()).toEqual([
      'translation:kit.detail',
      'transitions.goOnline',
      'translation:kit.edit',
    ]);
    fireEvent.click(screen.getByText('transitions.goOnline'));
    expect(h.ask).toHaveBeenCalledWith('goOnline', [7], 'Kitchen');
    fireEvent.click(screen.getByText('translation:kit.edit'));
    expect(h.setEditing).toHaveBeenCalledWith(row);
    cleanup();
    render(
      <ResourceRowActions
        resource={printer}
        overrides={{}}
        handlers={h}
        row={{ ...row, status: 'online' }}
        phone={false}
      />,
    );
    expect(buttons()).toEqual(['translation:kit.detail', 'translation:kit.edit']);
  });

  it("asks the area's offers for each transition and for edit", () => {
    const overrides: ResourceOverrides = {
      offers: (action, r) => (action === 'edit' ? r.brand !== 'real' : r.brand === 'sandbox'),
    };
    render(
      <ResourceRowActions
        resource={printer}
        overrides={overrides}
        handlers={handlers()}
        row={row}
        phone={false}
      />,
    );
    expect(buttons()).toEqual(['translation:kit.detail']);
  });

  it('on a phone, is one button named by the actions', () => {
    render(
      <ResourceRowActions
        resource={printer}
        overrides={{}}
        handlers={handlers()}
        row={row}
        phone
      />,
    );
    expect(buttons()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'translation:kit.actions' })).toBeTruthy();
  });

  it("is as wide as its buttons and the area's own, or the phone's one button", () => {
    expect(rowActionsWidth(printer, {}, false)).toBe(150);
    const own = { rowActions: { render: () => null, width: 50 } };
    expect(rowActionsWidth(printer, own, false)).toBe(200);
    expect(rowActionsWidth(printer, own, true)).toBe(64);
  });
  it('counts the transition buttons a row can show at once, not every transition', () => {
    const of = (transitions: Record<string, { from: string[]; to: string; field?: string }>) =>
      transitionsAtOnce({ ...printer, transitions });
    // On or off sale: one at a time.
    expect(of({ on: { from: ['off'], to: 'on' }, off: { from: ['on'], to: 'off' } })).toBe(1);
    // A goods in error may go either way.
    expect(
      of({
        ready: { from: ['draft', 'error'], to: 'ready' },
        draft: { from: ['ready', 'error'], to: 'draft' },
      }),
    ).toBe(2);
    // Transitions of two status fields add up.
    expect(
      of({
        pay: { from: ['unpaid'], to: 'paid' },
        ship: { from: ['new'], to: 'sent', field: 'shipping' },
      }),
    ).toBe(2);
    expect(of({})).toBe(0);
  });
});
