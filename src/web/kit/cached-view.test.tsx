import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RefetchWhenShown,
  useViewSearchParams,
  ViewLink,
  ViewLocation,
  ViewShown,
} from './cached-view';

afterEach(cleanup);

function Screen({ staleTime, fetches }: { staleTime: number; fetches: () => Promise<string> }) {
  useQuery({ queryKey: ['rows'], queryFn: fetches, staleTime });
  return <RefetchWhenShown queryKey={['rows']} />;
}

function setup(staleTime: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetches = vi.fn(async () => 'rows');
  const view = (shown: boolean) => (
    <QueryClientProvider client={client}>
      <ViewShown.Provider value={shown}>
        <Screen staleTime={staleTime} fetches={fetches} />
      </ViewShown.Provider>
    </QueryClientProvider>
  );
  const { rerender } = render(view(true));
  return { fetches, show: (shown: boolean) => act(async () => rerender(view(shown))) };
}

describe('RefetchWhenShown', () => {
  it('asks again for data that went stale while its view was hidden, when it is shown', async () => {
    const { fetches, show } = setup(0);
    await waitFor(() => expect(fetches).toHaveBeenCalledTimes(1));
    await show(false);
    expect(fetches).toHaveBeenCalledTimes(1);
    await show(true);
    await waitFor(() => expect(fetches).toHaveBeenCalledTimes(2));
  });

  it('leaves fresh data as it is', async () => {
    const { fetches, show } = setup(60_000);
    await waitFor(() => expect(fetches).toHaveBeenCalledTimes(1));
    await show(false);
    await show(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetches).toHaveBeenCalledTimes(1);
  });
});

/** A screen's query and a link, as a list shows them. */
function Probe() {
  const [params, set] = useViewSearchParams();
  return (
    <>
      <output>{params.get('page') ?? '-'}</output>
      <button
        type="button"
        onClick={() => set(new URLSearchParams({ page: '3' }), { replace: true })}
      >
        page 3
      </button>
      <ViewLink to="/other?id=7">other</ViewLink>
    </>
  );
}

describe('ViewLink and useViewSearchParams', () => {
  function setup(viewLocation: string) {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <ViewLocation.Provider value={locationOf(viewLocation)}>
              <Probe />
            </ViewLocation.Provider>
          ),
        },
      ],
      { initialEntries: ['/list?page=2'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }
  const locationOf = (url: string) => {
    const [pathname = '/', search = ''] = url.split('?');
    return { pathname, search: search ? `?${search}` : '', hash: '', state: null, key: 'v' };
  };

  it("reads the view's own query and writes it on the view's path", async () => {
    // The view's location, not the router's current one (another view may be shown).
    const router = setup('/list?page=2');
    expect(screen.getByRole('status').textContent).toBe('2');
    await act(async () => screen.getByRole('button', { name: 'page 3' }).click());
    expect(router.state.location.pathname + router.state.location.search).toBe('/list?page=3');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('navigates in the app on a plain click, and leaves a modified click to the browser', async () => {
    const router = setup('/list?page=2');
    const link = screen.getByRole('link', { name: 'other' });
    expect(link.getAttribute('href')).toBe('/other?id=7');
    const ctrl = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    await act(async () => link.dispatchEvent(ctrl));
    expect(ctrl.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe('/list');
    await act(async () => link.click());
    expect(router.state.location.pathname + router.state.location.search).toBe('/other?id=7');
    expect(router.state.historyAction).toBe('PUSH');
  });
});
