import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

const Hello = () => <p>hello</p>;

afterEach(cleanup);

describe('preloadable', () => {
  it('renders a preloaded component at once, without the fallback', async () => {
    const Screen = preloadable(async () => ({ default: Hello }));
    await Screen.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    // Synchronously, on the first render: no fallback in between.
    expect(screen.getByText('hello')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends like React.lazy when not preloaded, and loads once', async () => {
    let calls = 0;
    const Screen = preloadable(async () => {
      calls += 1;
      return { default: Hello };
    });
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    // React reveals a resolved boundary after its throttle (up to 300 ms).
    await act(async () => {
      await Screen.preload();
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    expect(screen.getByText('hello')).toBeTruthy();
    expect(calls).toBe(1);
  });
});
