import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

/**
 * Sends a mutation one at a time: a second submit while the first is in flight (a double click on
 * Save, Enter pressed twice) is dropped. A ref, not `isPending`: the mutation's state reaches the
 * screen a tick later, after a double click's second click.
 */
export function useSubmitOnce<TVariables>(
  mutation: Pick<UseMutationResult<unknown, unknown, TVariables>, 'mutate'>,
) {
  const inFlight = useRef(false);
  const { mutate } = mutation;
  return useCallback(
    (variables: TVariables) => {
      if (inFlight.current) return;
      inFlight.current = true;
      mutate(variables, {
        onSettled: () => {
          inFlight.current = false;
        },
      });
    },
    [mutate],
  );
}

/** A key for one create (an `idempotency-key`): random, and made also where `crypto.randomUUID` is not (plain http). */
export function newRepeatKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The key of a form's create, the same for every submit of one form (a double click, a retry
 * after a lost answer), a new one when the form opens again.
 */
export function useRepeatKey() {
  const [key] = useState(newRepeatKey);
  return key;
}

/**
 * An async handler (a form's own submit) that runs one at a time: a call while the last one runs
 * is dropped, as useSubmitOnce drops a mutation's.
 */
export function useOneAtATime<A extends unknown[]>(handler: (...args: A) => Promise<unknown>) {
  const inFlight = useRef(false);
  const latest = useRef(handler);
  latest.current = handler;
  return useCallback(async (...args: A) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await latest.current(...args);
    } finally {
      inFlight.current = false;
    }
  }, []);
}
