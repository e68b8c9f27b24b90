import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import {
  createMemoryRouter,
  RouterProvider,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteDef } from '../../shared/routes';
import { matchScreen, screenRoutes } from '../app/route-index';
import { useViewShown } from '../kit/cached-view';
import { useTagsView } from '../stores/tags-view';
import { ViewHost } from './view-host';

/** A screen showing the location it was given: its address and the navigation's key. */
function LocationScreen({ name }: { name: string }) {
  const { search, key } = useLocation();
  const params = useParams();
  useEffect(() => {
    mounts[name] = (mounts[name] ?? 0) + 1;
  }, [name]);
  return (
    <p data-testid={name} data-id={params.id}>
      {`${name}${search} ${key}`}
      <Rows name={name} />
      <Shown name={name} />
    </p>
  );
}
/** Whether its view is the one shown, as the screen's own parts can ask. */
function Shown({ name }: { name: string }) {
  return <span data-testid={`${name}-shown`}>{String(useViewShown())}</span>;
}
/** How often each screen's effects were set up. */
const mounts: Record<string, number> = {};
/** Stands for a screen's table: counts how often its subtree is rendered. */
const renders: Record<string, number> = {};
function Rows({ name }: { name: string }) {
  renders[name] = (renders[name] ?? 0) + 1;
  return null;
}
vi.mock('../app/screens', () => ({
  screens: { 'list-a': LocationScreen, 'list-b': LocationScreen, item: LocationScreen },
}));

const routes: RouteDef[] = [
  { path: '/list-a', name: 'list-a', meta: { title: 'A' }, props: { name: 'list-a' } },
  { path: '/list-b', name: 'list-b', meta: { title: 'B' }, props: { name: 'list-b' } },
  { path: '/item/:id', name: 'item', meta: { title: 'Item' }, props: { name: 'item' } },
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
  const forbidden = forbiddenPaths.has(pathname);
  return <ViewHost current={forbidden ? undefined : current} forbidden={forbidden} />;
}
/** The paths the account may not open now (as a demo role's switch makes them). */
const forbiddenPaths = new Set<string>();

afterEach(() => {
  cleanup();
  for (const name of Object.keys(renders)) delete renders[name];
  for (const name of Object.keys(mounts)) delete mounts[name];
  useTagsView.setState({ visited: [], generation: {} });
  forbiddenPaths.clear();
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

  it('keeps a view left for another hidden, inert and connected, and shows it as it was', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Host /> }], {
      initialEntries: ['/list-a'],
    });
    render(<RouterProvider router={router} />);
    const a = screen.getByTestId('list-a');
    const frame = (el: HTMLElement) => el.closest('.view-host__view') as HTMLElement;
    const shown = (name: string) => screen.getByTestId(`${name}-shown`).textContent;
    expect(shown('list-a')).toBe('true');
    expect(frame(a).inert).toBe(false);

    await act(async () => go('/list-b'));
    // Hidden with its style and layout kept (content-visibility), out of reach of the keyboard,
    // the pointer and assistive technology; its effects still set up, once.
    expect(frame(a).style.contentVisibility).toBe('hidden');
    expect(frame(a).inert).toBe(true);
    expect(frame(a).getAttribute('aria-hidden')).toBe('true');
    expect(shown('list-a')).toBe('false');
    expect(shown('list-b')).toBe('true');

    await act(async () => go('/list-a'));
    expect(screen.getByTestId('list-a')).toBe(a);
    expect(frame(a).style.contentVisibility).toBe('');
    expect(frame(a).inert).toBe(false);
    expect(frame(a).hasAttribute('aria-hidden')).toBe(false);
    expect(shown('list-a')).toBe('true');
    expect(mounts).toEqual({ 'list-a': 1, 'list-b': 1 });
  });

  it('shows the 401 page alone where the view became forbidden, and the view again once allowed', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Host /> }], {
      initialEntries: ['/list-a'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByTestId('list-a')).toBeTruthy();
    forbiddenPaths.add('/list-a');
    await act(async () => go('/list-a'));
    expect(screen.getByTestId('forbidden')).toBeTruthy();
    expect(screen.queryByTestId('list-a')).toBeNull();
    forbiddenPaths.clear();
    await act(async () => go('/list-a'));
    expect(screen.queryByTestId('forbidden')).toBeNull();
    expect(screen.getByTestId('list-a-shown').textContent).toBe('true');
  });

  it("gives a view's screen its route's params, as <Routes> would", async () => {
    const router = createMemoryRouter([{ path: '*', element: <Host /> }], {
      initialEntries: ['/item/42?tab=2'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByTestId('item').dataset.id).toBe('42');
    await act(async () => go('/list-a'));
    // The hidden view keeps the params of its own location.
    expect(screen.getByTestId('item').dataset.id).toBe('42');
  });
});
