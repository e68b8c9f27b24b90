/**
 * The CSS transition events nothing in the app listens to, which React dispatches all the same.
 * React 19 listens at its root for `transitionrun`, `transitionstart` and `transitioncancel` (for
 * `onTransitionRun` and the like). Neither the app nor antd uses them, but every CSS transition
 * fires them, and each one walks React's tree from its target looking for handlers. A tab switch
 * restarts the colour transitions of the menu's links and items: 30 to 50 such events, about 4 ms
 * of script per switch back and forth at 4× CPU. `transitionend`, which antd's motion listens for
 * on the element itself, is left alone.
 */
export const MUTED_TRANSITION_EVENTS = ['transitionrun', 'transitionstart', 'transitioncancel'];

/** Stops those events on the window, in the capture phase: before React's root hears them. */
export function muteUnusedTransitionEvents(target: Window = window): () => void {
  const stop = (event: Event) => event.stopImmediatePropagation();
  for (const type of MUTED_TRANSITION_EVENTS)
    target.addEventListener(type, stop, { capture: true });
  return () => {
    for (const type of MUTED_TRANSITION_EVENTS) {
      target.removeEventListener(type, stop, { capture: true });
    }
  };
}
