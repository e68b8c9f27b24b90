import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RefetchWhenShown, ViewShown } from './cached-view';

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
