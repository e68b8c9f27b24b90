import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newRepeatKey, useSubmitOnce } from './submit-once';

afterEach(cleanup);

function setup() {
  const client = new QueryClient();
  let finish: (ok: boolean) => void = () => {};
  const sent = vi.fn(
    (_: string) =>
      new Promise<void>((resolve, reject) => {
        finish = (ok) => (ok ? resolve() : reject(new Error('refused')));
      }),
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => {
      const mutation = useMutation({ mutationFn: sent });
      return { submit: useSubmitOnce(mutation), mutation };
    },
    { wrapper },
  );
  return { result, sent, finish: (ok: boolean) => act(async () => finish(ok)) };
}

describe('useSubmitOnce', () => {
  it('drops a second submit while the first is in flight, and sends the next one after it', async () => {
    const { result, sent, finish } = setup();
    act(() => {
      // A double click: both clicks before the screen shows the first as pending.
      result.current.submit('a');
      result.current.submit('b');
    });
    await waitFor(() => expect(sent).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(sent).toHaveBeenCalledTimes(1);
    await finish(true);
    await waitFor(() => expect(result.current.mutation.isPending).toBe(false));
    act(() => result.current.submit('c'));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(2));
    expect(sent.mock.calls.map(([value]) => value)).toEqual(['a', 'c']);
  });

  it('lets the form be sent again after a failure', async () => {
    const { result, sent, finish } = setup();
    act(() => result.current.submit('a'));
    await waitFor(() => expect(sent).toHaveBeenCalled());
    await finish(false);
    await waitFor(() => expect(result.current.mutation.isError).toBe(true));
    act(() => result.current.submit('a'));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(2));
  });
});

describe('newRepeatKey', () => {
  it('makes 32 hex digits, a new one each time', () => {
    const key = newRepeatKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newRepeatKey()).not.toBe(key);
  });
});
