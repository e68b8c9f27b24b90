/**
 * Long work on the request path (reading a 20,000-row import) runs on the one thread that answers
 * every request: it gives the others a turn every `everyMs` of its own. The answer is called as
 * often as wished (each row); only once `everyMs` have passed does it wait for the event loop to
 * go round (setImmediate: after the I/O that was waiting), which costs well under a millisecond.
 */
export function takingTurns(everyMs = 10): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < everyMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
