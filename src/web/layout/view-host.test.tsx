import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteDef } from '../../shared/routes';
import { matchScreen, screenRoutes } from '../app/route-index';
import { useTagsView } from '../stores/tags-view';
import { ViewHost } from './view-host';

/** A screen showing the location it was given: its address and the navigation's key. */
function LocationScreen({ name }: { name: string }) {
  const { search, key } = useLocation();
  return (
    <p data-testid={name}>
      {`${name}${search} ${key}`}
      <Rows name={name} />
    </p>
  );
}
/** Stands for a screen's table: counts how often its subtree is rendered. */
const renders: Record<string, number> = {};
function Rows({ name }: { name: string }) {
  renders[name] = (renders[name] ?? 0) + 1;
  return null;
}
vi.mock('../app/screens', () => ({
  screens: { 'list-a': LocationScreen, 'list-b': LocationScreen },
}));

const routes: RouteDef[] = [
  { path: '/list-a', name: 'list-a', meta: { title: 'A' }, props: { name: 'list-a' } },
  { path: '/list-b', name: 'list-b', meta: { title: 'B' }, props: { name: 'list-b' } },
];
const index = screenRoutes(routes);

let go: (to: string) => void = () => {};
function Host() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  go = navigate;
  const current = matchScreen(index, pathname);
  useEffect(() => {
    useTagsView.getState().addView({
      path: pathname,
      fullPath: pathname + search,
      name: current?.route.name ?? '',
      title: 'x',
    });
  }, [pathname, search, current]);
  return <ViewHost current={current} />;
}

afterEach(() => {
  cleanup();
  for (const name of Object.keys(renders)) delete renders[name];
  useTagsView.setState({ visited: [], generation: {} });
});

describe('ViewHost', () => {
  it('gives a view it returns to at the same address the location it had', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Host /> }], {
      initialEntries: ['/list-a?page=2'],
    });
    render(<RouterProvider router={router} />);
    const first = screen.getByTestId('list-a').textContent;
    expect(first).toMatch(/^list-a\?page=2 /);
    await act(async () => go('/list-b'));
    expect(screen.getByTestId('list-b').checkVisibility()).toBe(true);
    const rendered = { ...renders };

    // A new navigation (a new key) to the same address: the cached view sees no change, so
    // nothing in it reacts as if it had been navigated to afresh.
    await act(async () => go('/list-a?page=2'));
    expect(screen.getByTestId('list-a').textContent).toBe(first);
    expect(screen.getByTestId('list-a').checkVisibility()).toBe(true);
    // Neither screen's content rendered again: only which view is shown changed.
    expect(renders).toEqual(rendered);

    // Another query on the same view is a new location for it.
    await act(async () => go('/list-a?page=3'));
    expect(screen.getByTestId('list-a').textContent).toMatch(/^list-a\?page=3 /);
  });
});
