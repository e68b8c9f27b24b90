import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MUTED_TRANSITION_EVENTS, muteUnusedTransitionEvents } from './transition-events';

afterEach(cleanup);

function renderListeners() {
  const heard = { run: vi.fn(), start: vi.fn(), cancel: vi.fn(), end: vi.fn(), native: vi.fn() };
  render(
    <div
      onTransitionRun={heard.run}
      onTransitionStart={heard.start}
      onTransitionCancel={heard.cancel}
      onTransitionEnd={heard.end}
    >
      <a href="/dashboard">menu link</a>
    </div>,
  );
  const link = screen.getByText('menu link');
  link.addEventListener('transitionend', heard.native);
  const fire = (type: string) =>
    act(() => {
      link.dispatchEvent(new Event(type, { bubbles: true }));
    });
  return { heard, fire };
}

describe('muteUnusedTransitionEvents', () => {
  it('React hears every transition event when nothing is muted', () => {
    const { heard, fire } = renderListeners();
    for (const type of [...MUTED_TRANSITION_EVENTS, 'transitionend']) fire(type);
    expect(heard.run).toHaveBeenCalledTimes(1);
    expect(heard.start).toHaveBeenCalledTimes(1);
    expect(heard.cancel).toHaveBeenCalledTimes(1);
    expect(heard.end).toHaveBeenCalledTimes(1);
  });

  it('keeps run, start and cancel from React, and lets transitionend through', () => {
    const unmute = muteUnusedTransitionEvents(window);
    try {
      const { heard, fire } = renderListeners();
      for (const type of [...MUTED_TRANSITION_EVENTS, 'transitionend']) fire(type);
      expect(heard.run).not.toHaveBeenCalled();
      expect(heard.start).not.toHaveBeenCalled();
      expect(heard.cancel).not.toHaveBeenCalled();
      // antd's motion listens on the element itself; React's onTransitionEnd still works too.
      expect(heard.native).toHaveBeenCalledTimes(1);
      expect(heard.end).toHaveBeenCalledTimes(1);
    } finally {
      unmute();
    }
  });
});
