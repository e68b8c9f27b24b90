import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A system whose dark preference the test turns on and off, telling its listeners. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
      listeners.add(listener),
    removeEventListener: () => {},
  };
  window.matchMedia = ((q: string) =>
    q === '(prefers-color-scheme: dark)' ? query : { matches: false }) as typeof matchMedia;
  return {
    turn(on: boolean) {
      dark = on;
      for (const listener of listeners) listener({ matches: on });
    },
  };
}

/** The store as a fresh page load makes it, from what localStorage holds. */
async function load() {
  vi.resetModules();
  const { useSettings } = await import('./settings');
  await useSettings.persist.rehydrate();
  return useSettings;
}

const stored = () => JSON.parse(localStorage.getItem('settings') ?? '{}');

describe('dark mode', () => {
  const real = window.matchMedia;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    window.matchMedia = real;
    localStorage.clear();
  });

  it('follows the system preference, also when it changes, until the user picks one', async () => {
    const system = fakeSystem(true);
    const settings = await load();
    expect(settings.getState().dark).toBe(true);
    system.turn(false);
    expect(settings.getState().dark).toBe(false);
    system.turn(true);
    expect(settings.getState().dark).toBe(true);
    // Not stored while it is the system's.
    settings.getState().change('tagsView', false);
    expect(stored().state).not.toHaveProperty('dark');

    settings.getState().change('dark', false);
    expect(settings.getState().dark).toBe(false);
    system.turn(true);
    expect(settings.getState().dark).toBe(false);
    expect(stored().state.dark).toBe(false);
  });

  it('keeps the choice across a reload; a reset follows the system again', async () => {
    fakeSystem(true);
    let settings = await load();
    settings.getState().change('dark', false);
    settings = await load();
    expect(settings.getState().dark).toBe(false);
    settings.getState().reset();
    expect(settings.getState().dark).toBe(true);
    settings = await load();
    expect(settings.getState().dark).toBe(true);
  });

  it("reads version 1's stored dark as a choice, its light as the default", async () => {
    fakeSystem(true);
    localStorage.setItem('settings', JSON.stringify({ state: { dark: false }, version: 1 }));
    expect((await load()).getState().dark).toBe(true);
    fakeSystem(false);
    localStorage.setItem('settings', JSON.stringify({ state: { dark: true }, version: 1 }));
    expect((await load()).getState().dark).toBe(true);
  });
});
