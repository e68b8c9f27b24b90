/** How long a create is remembered by its key: far longer than any double click or retry. */
const KEPT_MS = 10 * 60_000;
/** Keys remembered at most (per resource); the oldest go first. */
const MAX_KEYS = 2000;
/** A key a form makes: letters, digits, `-` and `_`, at most 64 of them. */
const KEY = /^[\w-]{8,64}$/;

/**
 * Answers a repeated request once: the first call with a key runs `work`, a call with the same key
 * while it runs or after it succeeded gets the same answer (a form's second submit, a retry after
 * a lost answer). A failed call is forgotten, so it can be sent again. Kept in memory: a cheap
 * guard against fast repeats, not a ledger.
 */
export function repeatGuard() {
  const answers = new Map<string, { at: number; answer: Promise<unknown> }>();
  return function once<T>(key: string | undefined, work: () => Promise<T>): Promise<T> {
    if (!key) return work();
    const now = Date.now();
    const known = answers.get(key);
    if (known && now - known.at < KEPT_MS) return known.answer as Promise<T>;
    answers.delete(key);
    for (const [old, { at }] of answers) {
      if (answers.size < MAX_KEYS && now - at < KEPT_MS) break;
      answers.delete(old);
    }
    const answer = work();
    answers.set(key, { at: now, answer });
    answer.catch(() => {
      if (answers.get(key)?.answer === answer) answers.delete(key);
    });
    return answer;
  };
}

/** The request's `Idempotency-Key` header when it is a usable one. */
export function repeatKeyOf(headers: Record<string, string | string[] | undefined>) {
  const key = headers['idempotency-key'];
  return typeof key === 'string' && KEY.test(key) ? key : undefined;
}
