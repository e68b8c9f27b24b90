import { act, cleanup, render } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingWithProgress, PROGRESS_DELAY_MS } from './progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the progress bar', () => {
  it('does not show for work that ends within the delay', () => {
    const view = render(<LoadingWithProgress />);
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS / 2));
    view.unmount();
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS * 2));
    expect(NProgress.isStarted()).toBe(false);
  });

  it('shows for longer work and ends with it', () => {
    const view = render(<LoadingWithProgress />);
    expect(NProgress.isStarted()).toBe(false);
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS + 10));
    expect(NProgress.isStarted()).toBe(true);
    // No invented ARIA role (NProgress's own template says role="bar").
    const bar = document.querySelector('#nprogress .bar');
    expect(bar?.getAttribute('role')).toBeNull();
    expect(bar?.getAttribute('aria-hidden')).toBe('true');
    view.unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(NProgress.isStarted()).toBe(false);
  });
});
